import type { ContentPageDetail } from '@openbroker/domain';
import { Button, ButtonGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrands } from '../shell/BrandFilter.js';
import { StatusBadge } from '../shell/cells.js';
import { BACKOFFICE_BASE } from '../shell/nav.js';
import { useStaffSession } from '../shell/session.js';
import type { PageEditorState } from './usePageEditor.js';

/**
 * The editor's top bar: the page's title, brand, language and address; whether it is saved, checked and live;
 * undo and redo, versions, save, and (for staff who may) publish and unpublish.
 */
export function EditorToolbar({
  editor,
  detail,
  onOpenVersions,
}: {
  editor: PageEditorState;
  detail: ContentPageDetail;
  onOpenVersions: () => void;
}) {
  const { t } = useTranslation();
  const { can } = useStaffSession();
  const brands = useBrands();
  const { doc, dirty, baseVersion, publishedVersion, issues, isLive, publishing } = editor;
  const brandName =
    brands.data?.find((brand) => brand.id === detail.page.brandId)?.name ?? detail.page.brandSlug;
  const canPublish = can('content.publish');

  return (
    <header className="bo-ed-bar">
      <Link to={`${BACKOFFICE_BASE}/content`} className="bo-ed-back" aria-label={t('bo.editor.backToPages')}>
        <i className="bi bi-arrow-left" aria-hidden="true" />
      </Link>
      <div className="bo-ed-bar-titles">
        <h1 className="bo-ed-bar-title">{doc.title || t('bo.editor.untitled')}</h1>
        <div className="bo-ed-bar-sub">
          <span>{brandName}</span>
          <span className="bo-ed-lang">{detail.page.lang.toUpperCase()}</span>
          <code>/{doc.slug}</code>
        </div>
      </div>
      <div className="bo-ed-bar-status" aria-live="polite">
        {dirty ? (
          <StatusBadge tone="warning" icon="bi-circle-fill">
            <span data-testid="dirty-indicator">{t('bo.editor.unsaved')}</span>
          </StatusBadge>
        ) : baseVersion === 0 ? (
          <StatusBadge tone="info" icon="bi-archive">
            <span title={t('bo.editor.seedDraftHint')} data-testid="seed-draft">
              {t('bo.editor.seedDraft')}
            </span>
          </StatusBadge>
        ) : (
          <StatusBadge tone="neutral" icon="bi-check2">
            {t('bo.editor.savedAs', { n: baseVersion })}
          </StatusBadge>
        )}
        {issues.length > 0 && (
          <button
            type="button"
            className="bo-ed-problems"
            onClick={() => {
              const first = issues.find((issue) => issue.target)?.target;
              if (first) editor.select(first.id);
            }}
            data-testid="problems"
          >
            <i className="bi bi-exclamation-triangle-fill" aria-hidden="true" />
            {t('bo.editor.problems', { n: issues.length })}
          </button>
        )}
        {isLive ? (
          <StatusBadge tone="success" icon="bi-broadcast">
            <span data-testid="live-version">
              {publishedVersion
                ? t('bo.editor.liveVersion', { n: publishedVersion })
                : t('bo.editor.liveOriginal')}
            </span>
          </StatusBadge>
        ) : (
          <StatusBadge tone="neutral" icon="bi-eye-slash">
            <span data-testid="live-version">{t('bo.editor.notPublished')}</span>
          </StatusBadge>
        )}
      </div>
      <div className="bo-ed-bar-actions">
        <ButtonGroup size="sm">
          <Button
            variant="outline-secondary"
            onClick={editor.undo}
            disabled={!editor.canUndo}
            aria-label={t('bo.editor.undo')}
            title={t('bo.editor.undo')}
            data-testid="undo"
          >
            <i className="bi bi-arrow-counterclockwise" aria-hidden="true" />
          </Button>
          <Button
            variant="outline-secondary"
            onClick={editor.redo}
            disabled={!editor.canRedo}
            aria-label={t('bo.editor.redo')}
            title={t('bo.editor.redo')}
          >
            <i className="bi bi-arrow-clockwise" aria-hidden="true" />
          </Button>
        </ButtonGroup>
        <Button size="sm" variant="outline-secondary" onClick={onOpenVersions} data-testid="open-versions">
          <i className="bi bi-clock-history me-1" aria-hidden="true" />
          {t('bo.editor.versions.title')}
        </Button>
        <Button
          size="sm"
          variant="primary"
          onClick={() => void editor.save()}
          disabled={!dirty || editor.saving || !editor.slugValid || !editor.titleValid || issues.length > 0}
          data-testid="save"
        >
          {editor.saving ? (
            <Spinner size="sm" animation="border" className="me-1" aria-hidden="true" />
          ) : (
            <i className="bi bi-floppy me-1" aria-hidden="true" />
          )}
          {t('bo.save')}
        </Button>
        {canPublish && (
          <>
            <Button
              size="sm"
              variant="success"
              onClick={() => void editor.publish('publish')}
              disabled={dirty || publishing !== null || publishedVersion === baseVersion || baseVersion === 0}
              title={
                dirty
                  ? t('bo.editor.saveFirst')
                  : baseVersion === 0
                    ? t('bo.editor.saveToPublish')
                    : undefined
              }
              data-testid="publish"
            >
              {publishing === 'publish' ? (
                <Spinner size="sm" animation="border" className="me-1" aria-hidden="true" />
              ) : (
                <i className="bi bi-rocket-takeoff me-1" aria-hidden="true" />
              )}
              {baseVersion > 0 ? t('bo.editor.publishVersion', { n: baseVersion }) : t('bo.editor.publish')}
            </Button>
            {isLive && (
              <Button
                size="sm"
                variant="outline-danger"
                onClick={() => void editor.publish('unpublish')}
                disabled={publishing !== null}
                data-testid="unpublish"
              >
                {t('bo.editor.unpublish')}
              </Button>
            )}
          </>
        )}
      </div>
    </header>
  );
}
