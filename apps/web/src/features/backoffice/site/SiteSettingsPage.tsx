import {
  PLATFORM_COMPONENT_SWITCHES,
  RETAIL_LOSS_PLACEHOLDER,
  type SiteSettingsDoc,
  STANDARD_RISK_WARNING,
} from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Alert, Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../api/ApiError.js';
import { TextField } from '../../../ui/fields.js';
import { applyServerError } from '../../../ui/forms.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { BoPage, BoPanel } from '../shell/BoPage.js';
import { useBrands } from '../shell/BrandFilter.js';
import { DateTime } from '../shell/cells.js';
import { useStaffSession } from '../shell/session.js';
import { ErrorBlock, SkeletonBlock } from '../shell/states.js';
import { LinkList } from './LinkList.js';
import { siteApi, siteKeys } from './siteApi.js';
import {
  type SettingsForm,
  type SettingsValues,
  settingsDefaults,
  settingsResolver,
} from './siteSettingsForm.js';
import './site.css';

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
