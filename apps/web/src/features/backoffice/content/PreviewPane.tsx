import { BrandAdminView, type ContentComponent } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button, ButtonGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Brand } from '../../../api/types.js';
import { brandThemeCss } from '../../../lib/brandTheme.js';
import { ContentPageBody } from '../../../shared/content/ContentRenderer.js';
import { staffRequest } from '../api.js';
import { useStaffSession } from '../shell/session.js';
import { PreviewFrame } from './PreviewFrame.js';

/**
 * The preview wears the edited brand's colours where the staff member may read the brand (brands.manage);
 * otherwise the back office host's brand theme.
 */
function useBrandPreviewCss(brandId: number) {
  const { can } = useStaffSession();
  const brandTheme = useQuery({
    queryKey: ['bo', 'content', 'brand-theme', brandId],
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/brands/${brandId}`, { schema: BrandAdminView, signal }),
    enabled: can('brands.manage'),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return useMemo(() => {
    const theme = brandTheme.data?.theme;
    if (!theme) return undefined;
    const { light, dark, radius, logoText } = theme;
    return brandThemeCss({ primary: light.primary, logoText, light, dark, radius } as Brand['theme']);
  }, [brandTheme.data]);
}

/** The live preview in the public site's own renderer, at desktop or phone width, light or dark. */
export function PreviewPane({ brandId, components }: { brandId: number; components: ContentComponent[] }) {
  const { t } = useTranslation();
  const previewCss = useBrandPreviewCss(brandId);
  const [device, setDevice] = useState<'desktop' | 'phone'>('desktop');
  const [theme, setTheme] = useState<'light' | 'dark'>('light');
  return (
    <section className="bo-ed-center" aria-label={t('bo.editor.preview')}>
      <div className="bo-ed-pane-head">
        <span className="bo-ed-pane-title">{t('bo.editor.preview')}</span>
        <div className="d-flex gap-2">
          <ButtonGroup size="sm" aria-label={t('bo.editor.device')}>
            <Button
              variant={device === 'desktop' ? 'secondary' : 'outline-secondary'}
              onClick={() => setDevice('desktop')}
              aria-pressed={device === 'desktop'}
              title={t('bo.editor.desktop')}
              data-testid="device-desktop"
            >
              <i className="bi bi-display me-1" aria-hidden="true" />
              {t('bo.editor.desktop')}
            </Button>
            <Button
              variant={device === 'phone' ? 'secondary' : 'outline-secondary'}
              onClick={() => setDevice('phone')}
              aria-pressed={device === 'phone'}
              title={t('bo.editor.phone')}
              data-testid="device-phone"
            >
              <i className="bi bi-phone me-1" aria-hidden="true" />
              {t('bo.editor.phone')}
            </Button>
          </ButtonGroup>
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => setTheme(theme === 'light' ? 'dark' : 'light')}
            aria-label={t('bo.editor.previewTheme')}
            title={t('bo.editor.previewTheme')}
            aria-pressed={theme === 'dark'}
          >
            <i className={`bi ${theme === 'light' ? 'bi-moon-stars' : 'bi-sun'}`} aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className={`bo-ed-canvas is-${device}`} data-testid="preview" data-device={device}>
        <PreviewFrame
          key={device}
          width={device === 'desktop' ? 1200 : 390}
          chrome={device === 'desktop' ? 0 : 16}
          theme={theme}
          title={t('bo.editor.preview')}
          testId="preview-frame"
          {...(previewCss ? { extraCss: previewCss } : {})}
        >
          {components.length === 0 ? (
            <div className="container-xl py-5 text-center text-body-secondary">
              {t('bo.editor.emptyPage')}
            </div>
          ) : (
            <ContentPageBody components={components} />
          )}
        </PreviewFrame>
      </div>
    </section>
  );
}
