import { type ReactNode, useId, useState } from 'react';
import { Button, Form, InputGroup, Spinner } from 'react-bootstrap';
import type { FieldError, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldFeedback, trimOnBlur } from './forms.js';
import './fields.css';

type AnyForm<T extends FieldValues> = UseFormReturn<T, unknown, FieldValues>;

function errorAt(errors: object, name: string): FieldError | undefined {
  let node: unknown = errors;
  for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node as FieldError | undefined;
}

export interface TextFieldProps<T extends FieldValues> {
  form: AnyForm<T>;
  name: Path<T>;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'date' | 'number';
  autoComplete?: string;
  hint?: ReactNode;
  disabled?: boolean;
  as?: 'input' | 'textarea';
  rows?: number;
  placeholder?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'decimal' | 'numeric';
  className?: string;
  /** Upper bound of a date or number input. */
  max?: string;
}

/** Label, input (trimmed on blur, spec §5), hint and translated validation message. */
export function TextField<T extends FieldValues>({
  form,
  name,
  label,
  type = 'text',
  autoComplete,
  hint,
  disabled,
  as = 'input',
  rows,
  placeholder,
  inputMode,
  className = 'mb-3',
  max,
}: TextFieldProps<T>) {
  const id = useId();
  const error = errorAt(form.formState.errors, name);
  const registration =
    type === 'number' || type === 'date' ? form.register(name) : trimOnBlur(form, form.register(name));
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...registration}
        as={as}
        {...(as === 'textarea' ? { rows } : {})}
        type={as === 'input' ? type : undefined}
        autoComplete={autoComplete}
        isInvalid={!!error}
        disabled={disabled}
        placeholder={placeholder}
        inputMode={inputMode}
        max={max}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint && !error && (
        <Form.Text id={`${id}-hint`} muted>
          {hint}
        </Form.Text>
      )}
      <FieldFeedback error={error} title={label} />
    </Form.Group>
  );
}

/** A password input with a show/hide button; never trimmed (spaces are part of a password). */
export function PasswordField<T extends FieldValues>({
  form,
  name,
  label,
  autoComplete = 'current-password',
  disabled,
}: Pick<TextFieldProps<T>, 'form' | 'name' | 'label' | 'autoComplete' | 'disabled'>) {
  const { t } = useTranslation();
  const id = useId();
  const [visible, setVisible] = useState(false);
  const error = errorAt(form.formState.errors, name);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          {...form.register(name)}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          isInvalid={!!error}
          disabled={disabled}
        />
        <Button
          variant="outline-secondary"
          className="ob-password-toggle"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
          aria-pressed={visible}
          disabled={disabled}
        >
          <i className={`bi ${visible ? 'bi-eye-slash' : 'bi-eye'}`} aria-hidden="true" />
        </Button>
      </InputGroup>
      <FieldFeedback error={error} title={label} />
    </Form.Group>
  );
}

/** Primary submit button (full width unless `inline`) with a spinner while the request runs. */
export function SubmitButton({
  pending,
  children,
  disabled,
  variant = 'primary',
  inline = false,
}: {
  pending: boolean;
  children: ReactNode;
  disabled?: boolean;
  variant?: string;
  /** Sized to its text (from small screens up), for forms inside a page rather than a card of their own. */
  inline?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Button
      type="submit"
      variant={variant}
      className={inline ? 'ob-submit ob-submit-inline' : 'w-100 ob-submit'}
      disabled={pending || disabled}
    >
      {pending ? (
        <>
          <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
          {t('form.submitting')}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
