import type { BrandAdminView, BrandUpdateInput, Message } from '@openbroker/domain';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../../api/ApiError.js';
import { applyServerError, domainResolver, FieldFeedback, FormAlert } from '../../../ui/forms.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { useSaveBrand } from './useBrandAdmin.js';

type AnyForm<T extends FieldValues> = UseFormReturn<T, unknown, FieldValues>;

export function errorAt(errors: object, name: string): FieldError | undefined {
  let node: unknown = errors;
  for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node && typeof node === 'object' && 'message' in node ? (node as FieldError) : undefined;
}

const FAILURE: Message = { key: 'error.validation' };

/**
 * A tab's form over one domain schema: loads the brand's values, saves them as a PATCH of the sections
 * `toChange` builds, puts the server's field messages on the fields (nothing is saved then) and resets
 * to what was stored on success.
 */
export function useSectionForm<S extends z.ZodType<FieldValues, FieldValues>>(
  brand: BrandAdminView,
  schema: S,
  values: (brand: BrandAdminView) => z.input<S>,
  toChange: (output: z.output<S>) => Partial<BrandUpdateInput>,
) {
  const toast = useToast();
  const save = useSaveBrand(brand.id);
  const [failure, setFailure] = useState<Message | null>(null);
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: domainResolver(schema),
    defaultValues: values(brand) as DefaultValues<z.input<S>>,
  });
  // a saved brand (ours or from another tab) becomes the form's new starting point
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the stored brand changes
  useEffect(() => {
    form.reset(values(brand) as z.input<S>);
  }, [brand]);
  const onSubmit = form.handleSubmit((output) => {
    setFailure(null);
    save.mutate(toChange(output), {
      onSuccess: () => toast('success', { key: 'bob.saved' }),
      onError: (error) => {
        setFailure(
          isApiError(error)
            ? applyServerError(form as unknown as AnyForm<FieldValues>, error, FAILURE)
            : { key: 'error.internal' },
        );
      },
    });
  });
  return { form, onSubmit, saving: save.isPending, failure };
}

/** The frame of a tab's form: its fields, the form-level message and the save button. */
export function SectionForm({
  children,
  onSubmit,
  saving,
  failure,
  testId,
  dirty,
}: {
  children: ReactNode;
  onSubmit: () => void;
  saving: boolean;
  failure: Message | null;
  testId: string;
  dirty: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form
      noValidate
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <FormAlert message={failure} />
      {children}
      <div className="bob-save-bar">
        <Button type="submit" variant="primary" disabled={saving} data-testid={`${testId}-save`}>
          {saving && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {t('bob.save')}
        </Button>
        {dirty && !saving && <span className="bob-unsaved">{t('bob.unsaved')}</span>}
      </div>
    </Form>
  );
}

/** A number input stored as a number (empty: NaN, which the schema refuses). */
export function NumberField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  step = 'any',
  className = 'mb-3',
}: {
  form: AnyForm<T>;
  name: Path<T>;
  label: string;
  hint?: ReactNode;
  step?: string;
  className?: string;
}) {
  const id = useId();
  const error = errorAt(form.formState.errors, name);
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="number"
        step={step}
        inputMode="decimal"
        isInvalid={!!error}
        {...form.register(name, { valueAsNumber: true })}
      />
      {hint && !error && <Form.Text muted>{hint}</Form.Text>}
      <FieldFeedback error={error} title={label} />
    </Form.Group>
  );
}

/** A text input (plain, trimmed by the schema). */
export function TextInput<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  as,
  rows,
  type = 'text',
  className = 'mb-3',
  placeholder,
  autoComplete,
}: {
  form: AnyForm<T>;
  name: Path<T>;
  label: string;
  hint?: ReactNode;
  as?: 'textarea';
  rows?: number;
  type?: 'text' | 'email' | 'password';
  className?: string;
  placeholder?: string;
  autoComplete?: string;
}) {
  const id = useId();
  const error = errorAt(form.formState.errors, name);
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...(as ? { as, rows } : { type })}
        isInvalid={!!error}
        placeholder={placeholder}
        autoComplete={autoComplete ?? 'off'}
        {...form.register(name)}
      />
      {hint && !error && <Form.Text muted>{hint}</Form.Text>}
      <FieldFeedback error={error} title={label} />
    </Form.Group>
  );
}

/** An on/off switch with a one-line explanation. */
export function SwitchField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
}: {
  form: AnyForm<T>;
  name: Path<T>;
  label: string;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <Form.Group className="mb-3 bob-switch" controlId={id}>
      <Form.Check type="switch" label={label} {...form.register(name)} />
      {hint && <Form.Text muted>{hint}</Form.Text>}
    </Form.Group>
  );
}
