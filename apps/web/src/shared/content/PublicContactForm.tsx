import { type Message, PublicContactInput, TIMING } from '@openbroker/domain';
import { useRef, useState } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { siteApi } from '../../api/site.js';
import { useBrand } from '../../lib/BrandProvider.js';
import { SubmitButton, TextField } from '../../ui/fields.js';
import { domainResolver, FormAlert } from '../../ui/forms.js';

const SUCCESS: Message = { key: 'contact.success' };
const FAILURE: Message = { key: 'contact.failure' };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * spec §2/§4/§5 public contact form (name, email, message): after a 400 ms delay it posts to
 * `/api/forms/submit/{form}`; 200 shows the success text, anything else the failure text. The button is
 * disabled while it is submitting.
 */
export function PublicContactForm({ form: formName = 'contact', title }: { form?: string; title?: string }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const [outcome, setOutcome] = useState<'success' | 'failure' | null>(null);
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const form = useForm<z.input<typeof PublicContactInput>, unknown, PublicContactInput>({
    resolver: domainResolver(PublicContactInput),
    defaultValues: { name: '', email: '', message: '' },
  });

  const submit = async (values: PublicContactInput) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    setOutcome(null);
    // spec §4/§9: the post leaves 400 ms after the click.
    await wait(TIMING.contactFormDelayMs);
    const sent = await siteApi.submitForm(formName, values, brand.formsToken ?? brand.contentToken);
    busy.current = false;
    setPending(false);
    setOutcome(sent ? 'success' : 'failure');
    if (sent) form.reset();
  };

  return (
    <div className="ob-public-contact card ob-card">
      <div className="card-body">
        {title && <h2 className="ob-public-contact-title">{title}</h2>}
        {outcome === 'success' && <FormAlert variant="success" message={SUCCESS} />}
        {outcome === 'failure' && <FormAlert message={FAILURE} />}
        <Form noValidate onSubmit={form.handleSubmit(submit)} data-testid="public-contact-form">
          <Row className="g-0 gx-sm-3">
            <Col sm={6}>
              <TextField form={form} name="name" label={t('site.contact.name')} autoComplete="name" />
            </Col>
            <Col sm={6}>
              <TextField
                form={form}
                name="email"
                label={t('site.contact.email')}
                type="email"
                autoComplete="email"
              />
            </Col>
          </Row>
          <TextField form={form} name="message" label={t('site.contact.message')} as="textarea" rows={5} />
          <SubmitButton pending={pending} inline>
            {t('site.contact.send')}
          </SubmitButton>
        </Form>
      </div>
    </div>
  );
}
