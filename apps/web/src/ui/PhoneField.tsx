import { callingCodeOf, composePhone, countryFromPhone, phoneCountries } from '@openbroker/domain';
import { type ReactNode, useId, useMemo } from 'react';
import { Form, InputGroup } from 'react-bootstrap';
import {
  type FieldError,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  type UseFormReturn,
  useController,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { browserRegion, regionName } from '../lib/regionNames.js';
import { domainResolver, FieldFeedback, trimOnBlur } from './forms.js';
import './PhoneField.css';

type AnyForm<T extends FieldValues> = UseFormReturn<T, unknown, FieldValues>;

/** The extra form value of a phone field: the alpha-2 country whose calling code prefixes the number. */
export interface PhoneCountryValue {
  phone_country: string;
}

/** The country a new phone field starts with: the browser's region when it has a calling code, else none. */
export function defaultPhoneCountry(languages?: readonly string[]): string {
  const region = browserRegion(languages);
  return callingCodeOf(region) ? (region as string) : '';
}

/**
 * A resolver over a domain schema with a `phone` field, for forms that keep the number as a country
 * (`phone_country`) plus what the user typed: the number is composed before the schema checks it, so the
 * schema's messages ('Phone number not valid') land on the phone input.
 */
export function phoneFormResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
): Resolver<z.input<S> & PhoneCountryValue, unknown, z.output<S>> {
  type Values = z.input<S> & PhoneCountryValue;
  const resolve = domainResolver(schema) as unknown as Resolver<Values, unknown, z.output<S>>;
  return (values, context, options) =>
    resolve(
      { ...values, phone: composePhone(values.phone_country, String(values.phone ?? '')) },
      context,
      options,
    );
}

function usePhoneCountryOptions(language: string) {
  return useMemo(
    () =>
      phoneCountries()
        .map(({ alpha2, callingCode }) => ({
          alpha2,
          callingCode,
          name: regionName(alpha2, language, alpha2),
        }))
        .sort((a, b) => a.name.localeCompare(b.name, language)),
    [language],
  );
}

/**
 * spec §5 phone: a country picker showing the calling code (a native select, so it works with every
 * keyboard and screen reader) in front of the number. A number typed with '+' picks its own country.
 */
export function PhoneField<T extends FieldValues & PhoneCountryValue>({
  form,
  label,
  hint,
  className = 'mb-3',
}: {
  form: AnyForm<T>;
  label: string;
  hint?: ReactNode;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const options = usePhoneCountryOptions(i18n.language);
  const countryPath = 'phone_country' as Path<T>;
  const phonePath = 'phone' as Path<T>;
  // Controlled, so the select shows the starting country even before the form is ready.
  const { field: countryField } = useController({ control: form.control, name: countryPath });
  const country = String(countryField.value ?? '');
  const callingCode = callingCodeOf(country);
  const error = form.formState.errors.phone as FieldError | undefined;
  const phone = trimOnBlur(form, form.register(phonePath));

  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <InputGroup hasValidation className="ob-phone">
        <div className={`input-group-text ob-phone-country${error ? ' is-invalid' : ''}`}>
          <span className="ob-phone-country-label" aria-hidden="true">
            {callingCode ? (
              <>
                <span className="ob-phone-country-code">{country}</span> +{callingCode}
              </>
            ) : (
              <i className="bi bi-globe2" />
            )}
            <i className="bi bi-chevron-down ob-phone-country-caret" />
          </span>
          <select
            ref={countryField.ref}
            name={countryField.name}
            value={country}
            onChange={(event) => countryField.onChange(event.target.value)}
            onBlur={countryField.onBlur}
            className="ob-phone-country-select"
            aria-label={t('form.phoneCountry')}
            data-testid="phone-country"
          >
            <option value="">{t('form.phoneCountryNone')}</option>
            {options.map((option) => (
              <option key={option.alpha2} value={option.alpha2}>
                {`${option.name} (+${option.callingCode})`}
              </option>
            ))}
          </select>
        </div>
        <Form.Control
          {...phone}
          onBlur={async (event) => {
            await phone.onBlur(event);
            // A number typed in international format names its country: show it in the picker.
            const typed = event.target.value;
            const detected = countryFromPhone(composePhone(null, typed));
            if (detected && detected !== country) countryField.onChange(detected as PathValue<T, Path<T>>);
          }}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          isInvalid={!!error}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        <FieldFeedback error={error} title={label} />
      </InputGroup>
      {hint && !error && (
        <Form.Text id={`${id}-hint`} muted>
          {hint}
        </Form.Text>
      )}
    </Form.Group>
  );
}
