import { type ComponentType, GRID_COLUMNS } from '@openbroker/domain';
import { useId } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { metaOf } from './componentMeta.js';
import { FIELDS, type Field, getPath, setPath } from './fields.js';
import { ImageField, SlidesField, str } from './MediaFields.js';
import type { EditorNode } from './tree.js';

/** The problems of one field (its key, or anything below it: 'image.path', 'items[0].value.text'). */
const errorsOf = (errors: readonly FieldError[], key: string): string[] =>
  errors
    .filter(
      (error) =>
        error.field === key || error.field.startsWith(`${key}.`) || error.field.startsWith(`${key}[`),
    )
    .map((error) => error.text);

export interface FieldError {
  field: string;
  text: string;
}

function FieldInput({
  field,
  settings,
  brandId,
  onChange,
  errors,
}: {
  field: Field;
  settings: Record<string, unknown>;
  brandId: number | undefined;
  onChange: (settings: Record<string, unknown>) => void;
  errors: string[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const value = getPath(settings, field.key);
  const set = (next: unknown) => onChange(setPath(settings, field.key, next));
  const testId = `field-${field.key}`;
  const invalid = errors.length > 0;
  const input = renderInput();
  return (
    <div className={invalid ? 'bo-ed-field is-invalid' : 'bo-ed-field'}>
      {input}
      {invalid && (
        <div className="bo-ed-field-error" role="alert" data-testid={`${testId}-error`}>
          {errors.join(' ')}
        </div>
      )}
    </div>
  );

  function renderInput() {
    switch (field.kind) {
      case 'image':
        return (
          <ImageField label={t(field.label)} value={value} brandId={brandId} onChange={set} testId={testId} />
        );
      case 'carousel':
        return (
          <div>
            <div className="form-label">{t(field.label)}</div>
            <SlidesField value={value} brandId={brandId} onChange={set} />
          </div>
        );
      case 'checkbox':
        return (
          <Form.Check
            id={id}
            type="switch"
            label={t(field.label)}
            checked={typeof value === 'boolean' ? value : field.defaultValue}
            onChange={(event) => set(event.target.checked)}
            data-testid={testId}
          />
        );
      case 'select':
        return (
          <Form.Group controlId={id}>
            <Form.Label>{t(field.label)}</Form.Label>
            <Form.Select
              size="sm"
              value={str(value)}
              onChange={(event) => set(event.target.value === '' ? undefined : event.target.value)}
              data-testid={testId}
            >
              <option value="">{t('bo.editor.opt.default')}</option>
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {t(option.label)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        );
      case 'number':
        return (
          <Form.Group controlId={id}>
            <Form.Label>{t(field.label)}</Form.Label>
            <Form.Control
              size="sm"
              type="number"
              inputMode="decimal"
              value={typeof value === 'number' ? String(value) : ''}
              min={field.min}
              max={field.max}
              step={field.step ?? 1}
              onChange={(event) => {
                const number = Number(event.target.value);
                set(event.target.value === '' || Number.isNaN(number) ? undefined : number);
              }}
              data-testid={testId}
            />
          </Form.Group>
        );
      case 'textarea':
      case 'code':
      case 'html':
      case 'richtext':
        return (
          <Form.Group controlId={id}>
            <Form.Label>{t(field.label)}</Form.Label>
            <Form.Control
              size="sm"
              as="textarea"
              rows={field.kind === 'textarea' ? 3 : 8}
              className={field.kind === 'textarea' ? undefined : 'bo-ed-code'}
              spellCheck={field.kind === 'textarea' || field.kind === 'richtext'}
              value={str(value)}
              onChange={(event) => set(event.target.value)}
              data-testid={testId}
            />
            {field.kind === 'html' && (
              <Form.Text className="bo-ed-note">
                <i className="bi bi-shield-check me-1" aria-hidden="true" />
                {t('bo.editor.htmlNote')}
              </Form.Text>
            )}
            {field.kind === 'richtext' && (
              <Form.Text className="bo-ed-note">{t('bo.editor.richtextNote')}</Form.Text>
            )}
          </Form.Group>
        );
      default:
        return (
          <Form.Group controlId={id}>
            <Form.Label>{t(field.label)}</Form.Label>
            <Form.Control
              size="sm"
              type="text"
              inputMode={field.kind === 'url' ? 'url' : undefined}
              placeholder={field.kind === 'url' ? '/path or https://…' : undefined}
              value={str(value)}
              onChange={(event) => set(event.target.value === '' ? undefined : event.target.value)}
              data-testid={testId}
            />
          </Form.Group>
        );
    }
  }
}

/** The settings form of the selected component (one form per type). */
export function SettingsPanel({
  node,
  brandId,
  onChange,
  onAddColumn,
  onRemoveColumn,
  errors = [],
}: {
  node: EditorNode;
  errors?: readonly FieldError[];
  brandId: number | undefined;
  onChange: (settings: Record<string, unknown>) => void;
  onAddColumn: () => void;
  onRemoveColumn: (column: number) => void;
}) {
  const { t } = useTranslation();
  const meta = metaOf(node.component);
  const fields = FIELDS[node.component as ComponentType];
  return (
    <div className="bo-ed-settings" data-testid="settings-panel" data-type={node.component}>
      <div className="bo-ed-settings-head">
        <span className="bo-ed-type-icon">
          <i className={`bi ${meta.icon}`} aria-hidden="true" />
        </span>
        <div>
          <div className="bo-ed-settings-title">{t(meta.label)}</div>
          <div className="bo-ed-settings-sub">{t('bo.editor.settings')}</div>
        </div>
      </div>
      {!fields ? (
        <Alert variant="warning" className="small">
          {t('bo.editor.unknownType', { type: node.component })}
        </Alert>
      ) : fields.length === 0 && node.component !== 'grid' ? (
        <p className="text-body-secondary small mb-0">{t('bo.editor.noSettings')}</p>
      ) : (
        <div className="bo-ed-fields">
          {fields.map((field) => (
            <FieldInput
              key={`${node.id}-${field.key}`}
              field={field}
              settings={node.settings}
              brandId={brandId}
              onChange={onChange}
              errors={errorsOf(errors, field.key)}
            />
          ))}
        </div>
      )}
      {errors.some(
        (error) => error.field === '' || !fields?.some((field) => errorsOf([error], field.key).length > 0),
      ) && (
        <Alert variant="danger" className="small mt-3 mb-0" data-testid="node-errors">
          {errors
            .filter(
              (error) =>
                error.field === '' || !fields?.some((field) => errorsOf([error], field.key).length > 0),
            )
            .map((error) => `${error.field ? `${error.field}: ` : ''}${error.text}`)
            .join(' ')}
        </Alert>
      )}
      {node.columns && (
        <div className="bo-ed-columns mt-3" data-testid="grid-columns">
          <div className="form-label">{t('bo.editor.columns', { n: node.columns.length })}</div>
          <ul className="list-unstyled mb-2">
            {node.columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns have no id and keep their order
              <li key={index} className="bo-ed-column-row">
                <span>
                  {t('bo.editor.column', { n: index + 1 })}
                  <span className="text-body-secondary ms-2">
                    {t('bo.editor.columnCount', { n: column.children.length })}
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="link"
                  className="text-danger p-0"
                  disabled={node.columns?.length === GRID_COLUMNS.min}
                  onClick={() => onRemoveColumn(index)}
                  aria-label={t('bo.editor.columnRemove', { n: index + 1 })}
                >
                  <i className="bi bi-x-lg" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
          <Button
            size="sm"
            variant="outline-primary"
            disabled={node.columns.length >= GRID_COLUMNS.max}
            onClick={onAddColumn}
            data-testid="grid-add-column"
          >
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t('bo.editor.columnAdd')}
          </Button>
        </div>
      )}
    </div>
  );
}
