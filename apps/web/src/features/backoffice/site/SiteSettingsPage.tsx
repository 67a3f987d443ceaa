import {
  PLATFORM_COMPONENT_SWITCHES,
  RETAIL_LOSS_PLACEHOLDER,
  type SiteSettingsDoc,
  SiteSettingsInput,
  STANDARD_RISK_WARNING,
  zodIssuesToMessages,
} from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Alert, Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import {
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  useFieldArray,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../../api/ApiError.js';
import { TextField } from '../../../ui/fields.js';
import { applyServerError, encodeMessage, FieldFeedback } from '../../../ui/forms.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { BoPage, BoPanel } from '../shell/BoPage.js';
import { useBrands } from '../shell/BrandFilter.js';
import { DateTime } from '../shell/cells.js';
import { useStaffSession } from '../shell/session.js';
import { ErrorBlock, SkeletonBlock } from '../shell/states.js';
import { siteApi, siteKeys } from './siteApi.js';
import './site.css';

type SettingsForm = z.input<typeof SiteSettingsInput>;
type SettingsValues = z.output<typeof SiteSettingsInput>;

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const links = (value: unknown) =>
  Array.isArray(value)
    ? value
        .filter((l): l is { title?: unknown; url?: unknown } => typeof l === 'object' && l !== null)
        .map((l) => ({ title: str(l.title), url: str(l.url) }))
    : [];

/**
 * The domain schema as a react-hook-form resolver with nested errors (`menu.1.url` → errors.menu[1].url),
 * so the link lists find their rows' messages.
 */
const settingsResolver: Resolver<SettingsForm, unknown, SettingsValues> = async (values) => {
  const result = await SiteSettingsInput.safeParseAsync(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const { path, ...message } of zodIssuesToMessages(result.error)) {
    const parts = path === '' ? ['root', 'server'] : path.split('.');
    let node = errors;
    for (let i = 0; i < parts.length - 1; i++) {
      const part = parts[i] as string;
      node[part] ??= /^\d+$/.test(parts[i + 1] ?? '') ? [] : {};
      node = node[part] as Record<string, unknown>;
    }
    const leaf = parts.at(-1) as string;
    node[leaf] ??= { type: 'validation', message: encodeMessage(message) };
  }
  return { values: {}, errors: errors as FieldErrors<SettingsForm> };
};

/** The form's values from the stored document (missing fields empty, so an old document opens too). */
export function settingsDefaults(doc: SiteSettingsDoc['data']): SettingsForm {
  const pc = (doc.platform_components ?? {}) as Record<string, unknown>;
  return {
    copyright: str(doc.copyright),
    legal_name: str(doc.legal_name),
    legal_text: str(doc.legal_text),
    risk_warning: str(doc.risk_warning),
    support_email: str(doc.support_email),
    phone: str(doc.phone),
    address: str(doc.address),
    mapTileUrl: str(doc.mapTileUrl),
    menu: links(doc.menu),
    footer_links: links(doc.footer_links),
    // a screen is on unless switched off (domain platformComponentsOf)
    platform_components: {
      referrals: pc.referrals !== false,
      account_levels: pc.account_levels !== false,
      auto_trading: pc.auto_trading !== false,
    },
  };
}

/**
 * A list of links (header menu, footer links): label and address per row, reorder, remove, add. Errors
 * of a row (from the schema or the server) show under its fields.
 */
function LinkList({
  form,
  name,
  testId,
}: {
  form: UseFormReturn<SettingsForm, unknown, SettingsValues>;
  name: 'menu' | 'footer_links';
  testId: string;
}) {
  const { t } = useTranslation();
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name });
  const errors = form.formState.errors[name];
  const baseId = useId();
  return (
    <div data-testid={testId}>
      {fields.length === 0 && <p className="bo-hint mb-2">{t('bos.site.noLinks')}</p>}
      <ol className="bos-links">
        {fields.map((field, index) => {
          const rowErrors = Array.isArray(errors) ? errors[index] : undefined;
          return (
            <li key={field.id} className="bos-link-row" data-testid={`${testId}-row`}>
              <span className="bos-link-index bo-num" aria-hidden="true">
                {index + 1}
              </span>
              <Form.Group className="bos-link-title" controlId={`${baseId}-${index}-title`}>
                <Form.Label className="visually-hidden">{`${t('bos.site.linkTitle')} ${index + 1}`}</Form.Label>
                <Form.Control
                  size="sm"
                  placeholder={t('bos.site.linkTitle')}
                  isInvalid={!!rowErrors?.title}
                  {...form.register(`${name}.${index}.title` as const)}
                />
                <FieldFeedback error={rowErrors?.title} title={t('bos.site.linkTitle')} />
              </Form.Group>
              <Form.Group className="bos-link-url" controlId={`${baseId}-${index}-url`}>
                <Form.Label className="visually-hidden">{`${t('bos.site.linkUrl')} ${index + 1}`}</Form.Label>
                <Form.Control
                  size="sm"
                  placeholder="/about"
                  className="bo-mono"
                  isInvalid={!!rowErrors?.url}
                  {...form.register(`${name}.${index}.url` as const)}
                />
                <FieldFeedback error={rowErrors?.url} title={t('bos.site.linkUrl')} />
              </Form.Group>
              <div className="bos-link-actions btn-group btn-group-sm">
                <Button
                  variant="outline-secondary"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                  aria-label={t('bos.site.linkUp')}
                  title={t('bos.site.linkUp')}
                >
                  <i className="bi bi-arrow-up" aria-hidden="true" />
                </Button>
                <Button
                  variant="outline-secondary"
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                  aria-label={t('bos.site.linkDown')}
                  title={t('bos.site.linkDown')}
                >
                  <i className="bi bi-arrow-down" aria-hidden="true" />
                </Button>
                <Button
                  variant="outline-danger"
                  onClick={() => remove(index)}
                  aria-label={t('bos.site.linkRemove')}
                  title={t('bos.site.linkRemove')}
                >
                  <i className="bi bi-trash" aria-hidden="true" />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        size="sm"
        variant="outline-primary"
        disabled={fields.length >= 20}
        onClick={() => append({ title: '', url: '' })}
        data-testid={`${testId}-add`}
      >
        <i className="bi bi-plus-lg me-1" aria-hidden="true" />
        {t('bos.site.linkAdd')}
      </Button>
    </div>
  );
}

/** The editor of one brand's site settings document. */
function SettingsEditor({ brandId, doc }: { brandId: number; doc: SiteSettingsDoc }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  const form = useForm<SettingsForm, unknown, SettingsValues>({
    resolver: settingsResolver,
    defaultValues: settingsDefaults(doc.data),
  });
  const anyForm = form as unknown as UseFormReturn<FieldValues, unknown, FieldValues>;
  const save = useMutation({
    mutationFn: (values: SettingsValues) => siteApi.saveSettings(brandId, values),
    onSuccess: (saved) => {
      queryClient.setQueryData(siteKeys.settings(brandId), saved);
      form.reset(settingsDefaults(saved.data));
      setFailed(false);
      toast('success', { key: 'bos.site.saved' });
    },
    onError: (error) => {
      setFailed(true);
      if (isApiError(error)) applyServerError(anyForm, error, { key: 'error.validation' });
    },
  });
  const submit = form.handleSubmit(
    (values) => {
      setFailed(false);
      save.mutate(values);
    },
    () => setFailed(true),
  );
  const field = (name: keyof SettingsForm & string, label: string, extra: Record<string, unknown> = {}) => (
    <TextField form={anyForm} name={name} label={label} {...extra} />
  );

  return (
    <Form noValidate onSubmit={submit} data-testid="bos-settings-form">
      {failed && (
        <Alert variant="danger" role="alert" data-testid="bos-settings-error">
          {save.error && isApiError(save.error) && save.error.errors.length === 0
            ? save.error.message
            : t('bos.site.invalid')}
        </Alert>
      )}
      <div className="bos-grid">
        <BoPanel title={t('bos.site.legal')}>
          <p className="bo-hint">{t('bos.site.legalHint')}</p>
          {field('copyright', t('bos.site.copyright'))}
          {field('legal_name', t('bos.site.legalName'))}
          {field('legal_text', t('bos.site.legalText'), { as: 'textarea', rows: 3 })}
          {field('risk_warning', t('bos.site.riskWarning'), {
            as: 'textarea',
            rows: 4,
            hint: t('bos.site.riskWarningHint', {
              placeholder: RETAIL_LOSS_PLACEHOLDER,
              interpolation: { escapeValue: false },
            }),
          })}
          <div className="d-flex flex-wrap align-items-center gap-2 mb-3" data-testid="bos-risk-standard">
            <span className="bo-hint">{t('bos.site.riskWarningStandard')}</span>
            {(['en', 'de'] as const).map((lang) => (
              <Button
                key={lang}
                size="sm"
                variant="outline-secondary"
                onClick={() =>
                  form.setValue('risk_warning', STANDARD_RISK_WARNING[lang], {
                    shouldDirty: true,
                    shouldValidate: true,
                  })
                }
                data-testid={`bos-risk-standard-${lang}`}
              >
                {t(lang === 'en' ? 'bos.site.riskWarningStandardEn' : 'bos.site.riskWarningStandardDe')}
              </Button>
            ))}
          </div>
        </BoPanel>
        <BoPanel title={t('bos.site.contact')}>
          {field('support_email', t('bos.site.supportEmail'), { type: 'email' })}
          <Row className="gx-3">
            <Col sm={6}>{field('phone', t('bos.site.phone'), { type: 'tel' })}</Col>
          </Row>
          {field('address', t('bos.site.address'))}
          {field('mapTileUrl', t('bos.site.mapTileUrl'), {
            hint: t('bos.site.mapTileUrlHint'),
            placeholder: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
          })}
        </BoPanel>
        <BoPanel title={t('bos.site.menu')}>
          <p className="bo-hint">{t('bos.site.menuHint')}</p>
          <LinkList form={form} name="menu" testId="bos-menu" />
        </BoPanel>
        <BoPanel title={t('bos.site.footer')}>
          <p className="bo-hint">{t('bos.site.footerHint')}</p>
          <LinkList form={form} name="footer_links" testId="bos-footer" />
        </BoPanel>
        <BoPanel title={t('bos.site.platform')}>
          <p className="bo-hint">{t('bos.site.platformHint')}</p>
          {PLATFORM_COMPONENT_SWITCHES.map((name) => (
            <Form.Check
              key={name}
              type="switch"
              id={`bos-pc-${name}`}
              label={t(`bos.site.pc.${name}`)}
              {...form.register(`platform_components.${name}`)}
              data-testid={`bos-pc-${name}`}
            />
          ))}
          <p className="bo-hint mt-2 mb-0" data-testid="bos-pc-economics-note">
            {t('bos.site.economicsElsewhere')}
          </p>
        </BoPanel>
      </div>
      <div className="bos-savebar">
        <span className="bo-hint">
          {doc.updatedAt ? (
            <>
              {t('bos.site.updated')} <DateTime value={doc.updatedAt} />
            </>
          ) : (
            t('bos.site.neverSaved')
          )}
        </span>
        <Button
          type="submit"
          variant="primary"
          disabled={save.isPending || !form.formState.isDirty}
          data-testid="bos-settings-save"
        >
          {save.isPending ? (
            <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
          ) : (
            <i className="bi bi-check2 me-1" aria-hidden="true" />
          )}
          {form.formState.isDirty ? t('bos.site.save') : t('bos.site.unchanged')}
        </Button>
      </div>
    </Form>
  );
}

/**
 * Site settings (docs/content-editor.md): per brand, the copyright and legal texts, contact
 * details, header menu and footer links and the client area's components, as the public site serves them.
 */
export function SiteSettingsPage() {
  const { t } = useTranslation();
  const { can } = useStaffSession();
  const brands = useBrands();
  const brandSelectId = useId();
  // ?brand=<id> opens that brand's settings (the brand page's publish checklist links here)
  const [search] = useSearchParams();
  const [brandId, setBrandId] = useState<number | undefined>(() => {
    const asked = Number(search.get('brand'));
    return Number.isInteger(asked) && asked > 0 ? asked : undefined;
  });
  const list = brands.data ?? [];
  useEffect(() => {
    if (brandId === undefined && list[0]) setBrandId(list[0].id);
  }, [brandId, list]);
  const allowed = can('content.edit');
  const query = useQuery({
    queryKey: siteKeys.settings(brandId ?? 0),
    queryFn: ({ signal }) => siteApi.settings(brandId as number, signal),
    enabled: allowed && brandId !== undefined,
  });

  return (
    <BoPage
      title={t('bos.site.title')}
      subtitle={t('bos.site.lead')}
      testId="bos-site"
      actions={
        <Form.Group controlId={brandSelectId} className="bo-filter">
          <Form.Label className="bo-filter-label">{t('bos.site.brand')}</Form.Label>
          <Form.Select
            size="sm"
            value={brandId ?? ''}
            onChange={(event) => setBrandId(Number(event.target.value))}
            disabled={brands.isLoading || list.length === 0}
            data-testid="bos-site-brand"
          >
            {list.map((brand) => (
              <option key={brand.id} value={brand.id}>
                {brand.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      }
    >
      {brands.isSuccess && list.length === 0 ? (
        <BoPanel>
          <p className="mb-0">{t('bos.site.noBrands')}</p>
        </BoPanel>
      ) : query.isError ? (
        <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data && brandId !== undefined ? (
        <SettingsEditor key={`${brandId}:${query.data.updatedAt ?? ''}`} brandId={brandId} doc={query.data} />
      ) : (
        <BoPanel>
          <SkeletonBlock lines={6} />
        </BoPanel>
      )}
    </BoPage>
  );
}
