import {
  type BackofficeBrand,
  BoPopup,
  type BoPopupClient,
  POPUP_AUDIENCES,
  type PopupAudience,
} from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useDeferredValue, useId, useMemo, useState } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/ApiError.js';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { sanitizePopupHtml } from '../../../shared/content/sanitizePopupHtml.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { staffRequest } from '../api.js';
import { useErrorText } from '../shell/panelStates.js';
import { PopupClientPicker } from './PopupClientPicker.js';
import { fromLocalInput, POPUPS_KEY, toLocalInput } from './types.js';
import '../../../shared/content/popupContent.css';

export const AUDIENCE_LABEL: Record<PopupAudience, TranslationKey> = {
  all: 'boe.popups.audience.all',
  verified: 'boe.popups.audience.verified',
  unverified: 'boe.popups.audience.unverified',
  client: 'boe.popups.audience.client',
};

/**
 * Creating or editing a pop-up: brand (when new), title, HTML with a live preview cleaned the way the client area
 * cleans it (the server sanitises again on save), audience with a client search of that brand, and the schedule
 * in the reader's local time.
 */
export function PopupDialog({
  popup,
  brands,
  defaultBrandId,
  onHide,
}: {
  /** null: a new pop-up. */
  popup: BoPopup | null;
  brands: BackofficeBrand[];
  defaultBrandId: number | undefined;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const toast = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const [brandId, setBrandId] = useState<number | undefined>(
    popup?.brandId ?? defaultBrandId ?? brands[0]?.id,
  );
  const [title, setTitle] = useState(popup?.title ?? '');
  const [content, setContent] = useState(popup?.content ?? '');
  const [audience, setAudience] = useState<PopupAudience>(popup?.audience ?? 'all');
  const [client, setClient] = useState<BoPopupClient | null>(popup?.client ?? null);
  const [from, setFrom] = useState(toLocalInput(popup?.startsAt ?? null));
  const [until, setUntil] = useState(toLocalInput(popup?.endsAt ?? null));
  const [q, setQ] = useState('');
  const [tried, setTried] = useState(false);
  const search = useDeferredValue(q.trim());

  const preview = useMemo(() => (content.trim() ? sanitizePopupHtml(content) : ''), [content]);
  const startsAt = fromLocalInput(from);
  const endsAt = fromLocalInput(until);
  const problems = {
    title: title.trim() === '',
    content: content.trim() === '',
    client: audience === 'client' && !client,
    schedule: !!startsAt && !!endsAt && endsAt <= startsAt,
  };

  const save = useMutation({
    mutationFn: () => {
      const body = {
        title: title.trim(),
        content,
        audience,
        clientId: audience === 'client' ? (client?.id ?? null) : null,
        startsAt,
        endsAt,
      };
      return popup
        ? staffRequest(`/api/backoffice/popups/${popup.id}`, { schema: BoPopup, method: 'PATCH', body })
        : staffRequest('/api/backoffice/popups', {
            schema: BoPopup,
            method: 'POST',
            body: { brandId, ...body },
          });
    },
    onSuccess: () => {
      toast('success', { key: popup ? 'boe.popups.toast.saved' : 'boe.popups.toast.created' });
      void queryClient.invalidateQueries({ queryKey: POPUPS_KEY });
      onHide();
    },
  });
  /** A field the server refused (its message is in the alert below). */
  const refused = (path: string) => isApiError(save.error) && save.error.errors.some((e) => e.path === path);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.values(problems).some(Boolean) || brandId === undefined) return;
    save.mutate();
  };

  return (
    <Modal
      show
      size="xl"
      centered
      scrollable
      onHide={save.isPending ? () => {} : onHide}
      data-testid="boe-popup-dialog"
      aria-labelledby={`${id}-title`}
    >
      <Form noValidate onSubmit={submit} className="d-flex flex-column mh-100 overflow-hidden">
        <Modal.Header closeButton={!save.isPending}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5 mb-0">
            {t(popup ? 'boe.popups.dialog.edit' : 'boe.popups.dialog.create')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <div className="row g-3 mb-3">
            {!popup && (
              <Form.Group className="col-md-4" controlId={`${id}-brand`}>
                <Form.Label>{t('boe.popups.field.brand')}</Form.Label>
                <Form.Select
                  size="sm"
                  value={brandId ?? ''}
                  onChange={(event) => {
                    setBrandId(Number(event.target.value));
                    setClient(null);
                  }}
                  data-testid="boe-popup-brand"
                >
                  {brands.map((brand) => (
                    <option key={brand.id} value={brand.id}>
                      {brand.name}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            )}
            <Form.Group className={popup ? 'col-12' : 'col-md-8'} controlId={`${id}-title-input`}>
              <Form.Label>{t('boe.popups.field.title')}</Form.Label>
              <Form.Control
                size="sm"
                value={title}
                maxLength={200}
                onChange={(event) => setTitle(event.target.value)}
                isInvalid={(tried && problems.title) || refused('title')}
                data-testid="boe-popup-title"
              />
              <Form.Control.Feedback type="invalid">{t('boe.popups.error.title')}</Form.Control.Feedback>
            </Form.Group>
          </div>

          <div className="boe-editor mb-3">
            <Form.Group controlId={`${id}-content`}>
              <Form.Label>{t('boe.popups.field.content')}</Form.Label>
              <Form.Control
                as="textarea"
                className="boe-html"
                rows={10}
                value={content}
                spellCheck={false}
                onChange={(event) => setContent(event.target.value)}
                isInvalid={(tried && problems.content) || refused('content')}
                data-testid="boe-popup-content"
              />
              <Form.Control.Feedback type="invalid">{t('boe.popups.error.content')}</Form.Control.Feedback>
              <Form.Text muted>{t('boe.popups.field.contentHint')}</Form.Text>
            </Form.Group>
            <div>
              <div className="form-label" id={`${id}-preview`}>
                {t('boe.popups.preview')}
              </div>
              <section
                className="boe-preview"
                aria-labelledby={`${id}-preview`}
                data-testid="boe-popup-preview"
              >
                {title.trim() && <div className="boe-preview-title">{title}</div>}
                {preview ? (
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned by DOMPurify (sanitizePopupHtml) just above
                  <div className="ob-popup-content" dangerouslySetInnerHTML={{ __html: preview }} />
                ) : (
                  <p className="text-body-secondary small mb-0">{t('boe.popups.previewEmpty')}</p>
                )}
              </section>
              <Form.Text muted>{t('boe.popups.previewNote')}</Form.Text>
            </div>
          </div>

          <div className="row g-3">
            <fieldset className="col-md-6">
              <legend className="form-label fs-6 mb-1">{t('boe.popups.field.audience')}</legend>
              {POPUP_AUDIENCES.map((value) => (
                <Form.Check
                  key={value}
                  type="radio"
                  id={`${id}-audience-${value}`}
                  name={`${id}-audience`}
                  label={t(AUDIENCE_LABEL[value])}
                  checked={audience === value}
                  onChange={() => setAudience(value)}
                  data-testid={`boe-audience-${value}`}
                />
              ))}
              {audience === 'client' && (
                <PopupClientPicker
                  id={id}
                  brandId={brandId}
                  client={client}
                  onClient={setClient}
                  q={q}
                  onQ={setQ}
                  search={search}
                  invalid={(tried && problems.client) || refused('clientId')}
                />
              )}
            </fieldset>
            <div className="col-md-6">
              <div className="row g-2">
                <Form.Group className="col-sm-6" controlId={`${id}-from`}>
                  <Form.Label>{t('boe.popups.field.from')}</Form.Label>
                  <Form.Control
                    size="sm"
                    type="datetime-local"
                    value={from}
                    onChange={(event) => setFrom(event.target.value)}
                    isInvalid={refused('startsAt')}
                    data-testid="boe-popup-from"
                  />
                </Form.Group>
                <Form.Group className="col-sm-6" controlId={`${id}-until`}>
                  <Form.Label>{t('boe.popups.field.until')}</Form.Label>
                  <Form.Control
                    size="sm"
                    type="datetime-local"
                    value={until}
                    onChange={(event) => setUntil(event.target.value)}
                    isInvalid={(tried && problems.schedule) || refused('endsAt')}
                    data-testid="boe-popup-until"
                  />
                  <Form.Control.Feedback type="invalid">
                    {t('boe.popups.error.schedule')}
                  </Form.Control.Feedback>
                </Form.Group>
              </div>
              <Form.Text muted>{t('boe.popups.field.scheduleHint')}</Form.Text>
            </div>
          </div>
          {save.error ? (
            <Alert variant="danger" className="mt-3 mb-0" role="alert">
              {errorText(save.error)}
            </Alert>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide} disabled={save.isPending}>
            {t('bo.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={save.isPending} data-testid="boe-popup-save">
            {save.isPending && <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />}
            {t(popup ? 'bo.save' : 'boe.popups.new')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
