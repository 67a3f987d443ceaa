import { type Message, PlatformContactInput } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { Card, Col, Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { siteApi } from '../../api/site.js';
import { useBrand } from '../../lib/BrandProvider.js';
import { useAuth } from '../../shared/session/useAuth.js';
import { SubmitButton, TextField } from '../../ui/fields.js';
import { domainResolver, FormAlert } from '../../ui/forms.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { ContentView } from './ContentView.js';
import { usePageTitle } from './usePageTitle.js';

const SUCCESS: Message = { key: 'contact.success' };
const FAILURE: Message = { key: 'contact.failure' };

/**
 * spec §2 /contact-us. Visitors get the brand's 'contact-us' content page (the public form, the ways to
 * reach the desk, the map); logged-in clients, and visitors of a brand without that page, get the
 * platform contact form (first name, last name, email, phone, message: spec §5).
 */
export function ContactPage() {
  const auth = useAuth();
  if (auth) return <PlatformContactForm />;
  return <ContentView slug="contact-us" fallback={<PlatformContactForm />} />;
}

/** spec §3/§5: the platform contact form; every field is required. */
export function PlatformContactForm() {
  const { t } = useTranslation();
  const brand = useBrand();
  const auth = useAuth();
  const user = auth?.user;
  const form = useForm<z.input<typeof PlatformContactInput>, unknown, PlatformContactInput>({
    resolver: domainResolver(PlatformContactInput),
    defaultValues: {
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      message: '',
    },
  });
  usePageTitle(t('contactPage.title'));
  const send = useMutation({
    mutationFn: (values: PlatformContactInput) => siteApi.sendContact(values, auth?.access_token),
    onSuccess: () => form.reset({ ...form.getValues(), message: '' }),
  });

  return (
    <div className="container-xl ob-section">
      <PageHeader title={t('contactPage.title')} lead={t('contactPage.lead')} />
      <Row className="g-4">
        <Col lg={8}>
          <Card className="ob-card">
            <Card.Body className="p-4">
              {send.isSuccess && <FormAlert variant="success" message={SUCCESS} />}
              {send.isError && <FormAlert message={FAILURE} />}
              <Form
                noValidate
                onSubmit={form.handleSubmit((values) => send.mutate(values))}
                data-testid="contact-form"
              >
                <Row className="g-0 gx-sm-3">
                  <Col sm={6}>
                    <TextField
                      form={form}
                      name="first_name"
                      label={t('form.firstName')}
                      autoComplete="given-name"
                    />
                  </Col>
                  <Col sm={6}>
                    <TextField
                      form={form}
                      name="last_name"
                      label={t('form.lastName')}
                      autoComplete="family-name"
                    />
                  </Col>
                  <Col sm={6}>
                    <TextField
                      form={form}
                      name="email"
                      label={t('form.email')}
                      type="email"
                      autoComplete="email"
                    />
                  </Col>
                  <Col sm={6}>
                    <TextField
                      form={form}
                      name="phone"
                      label={t('form.phone')}
                      type="tel"
                      autoComplete="tel"
                    />
                  </Col>
                </Row>
                <TextField form={form} name="message" label={t('form.message')} as="textarea" rows={6} />
                <div className="ob-submit-inline">
                  <SubmitButton pending={send.isPending}>{t('contactPage.submit')}</SubmitButton>
                </div>
              </Form>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={4}>
          <Card className="ob-card h-100">
            <Card.Body className="p-4">
              <h2 className="h6 text-uppercase text-body-secondary mb-3">{brand.name}</h2>
              {brand.legalName && <p className="mb-2">{brand.legalName}</p>}
              {brand.address && <p className="mb-2 text-body-secondary">{brand.address}</p>}
              {brand.phone && (
                <p className="mb-2">
                  <i className="bi bi-telephone me-2" aria-hidden="true" />
                  <a href={`tel:${brand.phone.replaceAll(' ', '')}`}>{brand.phone}</a>
                </p>
              )}
              {brand.supportEmail && (
                <p className="mb-0">
                  <i className="bi bi-envelope me-2" aria-hidden="true" />
                  <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
                </p>
              )}
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
