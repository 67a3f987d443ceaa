import { CONTENT_LIMITS, SLUG_PATTERN } from '@openbroker/domain';
import { type FormEvent, useId, useState } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../api/ApiError.js';
import { BACKOFFICE_BASE } from '../shell/nav.js';
import { useErrorText } from '../shell/states.js';
import { useCreatePage } from './api.js';

/** The "New page" dialog: title, slug (suggested from the title), description. */
export function NewPageDialog({
  show,
  brandId,
  lang,
  onClose,
}: {
  show: boolean;
  brandId: number;
  lang: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const create = useCreatePage();
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [slugTouched, setSlugTouched] = useState(false);
  const [description, setDescription] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const suggested = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  const effectiveSlug = slugTouched ? slug : suggested;
  const titleValid = title.trim() !== '';
  const slugValid = SLUG_PATTERN.test(effectiveSlug);

  const reset = () => {
    setTitle('');
    setSlug('');
    setSlugTouched(false);
    setDescription('');
    setSubmitted(false);
    create.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!titleValid || !slugValid) return;
    create.mutate(
      { brandId, lang, title: title.trim(), slug: effectiveSlug, ...(description ? { description } : {}) },
      {
        onSuccess: (page) => {
          reset();
          onClose();
          void navigate(`${BACKOFFICE_BASE}/content/${page.id}`);
        },
      },
    );
  };

  const taken = isApiError(create.error) && create.error.httpStatus === 409;
  return (
    <Modal show={show} onHide={onClose} onExited={reset} centered className="bo-modal" data-testid="new-page">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('bo.cancel')}>
          <Modal.Title as="h2" className="bo-modal-title">
            {t('bo.editor.newPage')}
            <span className="bo-ed-lang ms-2">{lang.toUpperCase()}</span>
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="d-grid gap-3">
          <Form.Group controlId={`${id}-title`}>
            <Form.Label>{t('bo.editor.page.title')}</Form.Label>
            <Form.Control
              value={title}
              maxLength={CONTENT_LIMITS.maxTitle}
              autoFocus
              isInvalid={submitted && !titleValid}
              onChange={(event) => setTitle(event.target.value)}
              data-testid="new-title"
            />
            <Form.Control.Feedback type="invalid">{t('bo.editor.page.titleRequired')}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId={`${id}-slug`}>
            <Form.Label>{t('bo.editor.page.slug')}</Form.Label>
            <Form.Control
              value={effectiveSlug}
              maxLength={CONTENT_LIMITS.maxSlug}
              isInvalid={(submitted || slugTouched) && !slugValid}
              onChange={(event) => {
                setSlugTouched(true);
                setSlug(event.target.value.trim().toLowerCase());
              }}
              data-testid="new-slug"
            />
            <Form.Control.Feedback type="invalid">{t('bo.editor.page.slugInvalid')}</Form.Control.Feedback>
            <Form.Text className="bo-ed-note">{t('bo.editor.page.slugHint')}</Form.Text>
          </Form.Group>
          <Form.Group controlId={`${id}-description`}>
            <Form.Label>{t('bo.editor.page.description')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              maxLength={CONTENT_LIMITS.maxDescription}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          </Form.Group>
          {create.error && (
            <Alert variant="danger" className="mb-0" role="alert">
              {taken ? t('bo.editor.slugTaken') : errorText(create.error)}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={create.isPending}>
            {t('bo.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={create.isPending} data-testid="new-submit">
            {create.isPending && <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />}
            {t('bo.editor.create')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
