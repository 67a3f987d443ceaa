import { MEDIA_MAX_BYTES } from '@openbroker/domain';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../shell/states.js';
import { contentApi } from './api.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** A setting's text, or empty where it holds something else. */
export const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** An image reference: path (typed or uploaded) and alt text, with a thumbnail. */
export function ImageField({
  label,
  value,
  brandId,
  onChange,
  testId,
}: {
  label: string;
  value: unknown;
  brandId: number | undefined;
  onChange: (value: Record<string, unknown> | undefined) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const file = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const image = isObject(value) ? value : {};
  const path = str(image.path);
  const update = (patch: Record<string, unknown>) => {
    const next = { ...image, ...patch };
    if (!next.path && !next.alt) onChange(undefined);
    else onChange(next);
  };
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen || brandId === undefined) return;
    if (chosen.size > MEDIA_MAX_BYTES) {
      setError(t('bo.editor.image.tooLarge'));
      return;
    }
    setUploading(true);
    setError(null);
    try {
      const media = await contentApi.upload(brandId, chosen);
      update({ path: media.url });
    } catch (cause) {
      setError(errorText(cause));
    } finally {
      setUploading(false);
    }
  };
  const showThumb = /^(\/|https?:)/i.test(path);
  return (
    <fieldset className="bo-ed-image" data-testid={testId}>
      <legend className="form-label">{label}</legend>
      <div className="bo-ed-image-row">
        <div className="bo-ed-thumb" aria-hidden="true">
          {showThumb ? <img src={path} alt="" /> : <i className="bi bi-image" />}
        </div>
        <div className="flex-grow-1 min-w-0">
          <Form.Control
            size="sm"
            id={`${id}-path`}
            aria-label={t('bo.editor.image.path')}
            placeholder={t('bo.editor.image.pathPlaceholder')}
            value={path}
            onChange={(event) => update({ path: event.target.value })}
            data-testid={`${testId}-path`}
          />
          <div className="d-flex gap-2 mt-2 align-items-center">
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={() => file.current?.click()}
              disabled={uploading || brandId === undefined}
            >
              {uploading ? (
                <Spinner size="sm" animation="border" className="me-1" aria-hidden="true" />
              ) : (
                <i className="bi bi-upload me-1" aria-hidden="true" />
              )}
              {t('bo.editor.image.upload')}
            </Button>
            {path && (
              <Button
                size="sm"
                variant="link"
                className="text-danger p-0"
                onClick={() => onChange(undefined)}
              >
                {t('bo.editor.image.remove')}
              </Button>
            )}
          </div>
          <input
            ref={file}
            type="file"
            className="d-none"
            accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml,image/x-icon"
            onChange={(event) => void upload(event)}
            data-testid={`${testId}-file`}
            aria-label={t('bo.editor.image.upload')}
          />
        </div>
      </div>
      <Form.Group controlId={`${id}-alt`} className="mt-2">
        <Form.Label className="bo-ed-sublabel">{t('bo.editor.image.alt')}</Form.Label>
        <Form.Control
          size="sm"
          value={str(image.alt)}
          onChange={(event) => update({ alt: event.target.value })}
          data-testid={`${testId}-alt`}
        />
      </Form.Group>
      {error && (
        <Alert variant="danger" className="py-1 px-2 mt-2 mb-0 small" role="alert">
          {error}
        </Alert>
      )}
    </fieldset>
  );
}

type Slide = { value: { text?: string; summary?: string; carousel_image?: Record<string, unknown> } };

/** The carousel's slides: text, summary, image each; add, remove, reorder. */
export function SlidesField({
  value,
  brandId,
  onChange,
}: {
  value: unknown;
  brandId: number | undefined;
  onChange: (value: Slide[]) => void;
}) {
  const { t } = useTranslation();
  const slides: Slide[] = Array.isArray(value)
    ? value.map((item) => (isObject(item) && isObject(item.value) ? (item as Slide) : { value: {} }))
    : [];
  const set = (index: number, patch: Partial<Slide['value']>) =>
    onChange(
      slides.map((slide, i) => {
        if (i !== index) return slide;
        const next: Record<string, unknown> = { ...slide.value, ...patch };
        for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
        return { value: next as Slide['value'] };
      }),
    );
  const swap = (a: number, b: number) => {
    const next = [...slides];
    [next[a], next[b]] = [next[b] as Slide, next[a] as Slide];
    onChange(next);
  };
  return (
    <div className="bo-ed-slides">
      {slides.map((slide, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: slides have no id and keep their order
        <fieldset key={index} className="bo-ed-slide" data-testid={`slide-${index}`}>
          <legend className="bo-ed-slide-title">
            <span>{t('bo.editor.slide', { n: index + 1 })}</span>
            <span className="btn-group btn-group-sm">
              <Button
                variant="outline-secondary"
                disabled={index === 0}
                onClick={() => swap(index, index - 1)}
                aria-label={t('bo.editor.moveUp')}
                title={t('bo.editor.moveUp')}
              >
                <i className="bi bi-arrow-up" aria-hidden="true" />
              </Button>
              <Button
                variant="outline-secondary"
                disabled={index === slides.length - 1}
                onClick={() => swap(index, index + 1)}
                aria-label={t('bo.editor.moveDown')}
                title={t('bo.editor.moveDown')}
              >
                <i className="bi bi-arrow-down" aria-hidden="true" />
              </Button>
              <Button
                variant="outline-danger"
                onClick={() => onChange(slides.filter((_, i) => i !== index))}
                aria-label={t('bo.editor.slideRemove')}
                title={t('bo.editor.slideRemove')}
              >
                <i className="bi bi-trash" aria-hidden="true" />
              </Button>
            </span>
          </legend>
          <Form.Group controlId={`slide-${index}-text`} className="mb-2">
            <Form.Label className="bo-ed-sublabel">{t('bo.editor.field.title')}</Form.Label>
            <Form.Control
              size="sm"
              value={str(slide.value.text)}
              onChange={(event) => set(index, { text: event.target.value })}
            />
          </Form.Group>
          <Form.Group controlId={`slide-${index}-summary`} className="mb-2">
            <Form.Label className="bo-ed-sublabel">{t('bo.editor.field.summary')}</Form.Label>
            <Form.Control
              size="sm"
              as="textarea"
              rows={2}
              value={str(slide.value.summary)}
              onChange={(event) => set(index, { summary: event.target.value })}
            />
          </Form.Group>
          <ImageField
            label={t('bo.editor.field.image')}
            value={slide.value.carousel_image}
            brandId={brandId}
            onChange={(image) => set(index, { carousel_image: image })}
            testId={`slide-${index}-image`}
          />
        </fieldset>
      ))}
      <Button
        size="sm"
        variant="outline-primary"
        onClick={() => onChange([...slides, { value: { text: '' } }])}
        data-testid="slide-add"
      >
        <i className="bi bi-plus-lg me-1" aria-hidden="true" />
        {t('bo.editor.slideAdd')}
      </Button>
    </div>
  );
}
