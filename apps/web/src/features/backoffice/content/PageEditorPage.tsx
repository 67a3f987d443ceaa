import type { ContentPageDetail } from '@openbroker/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../api/ApiError.js';
import { useToast } from '../../../ui/ToastProvider.js';
import '../../../shared/content/site.css';
import { BoPage } from '../shell/BoPage.js';
import { ConfirmDialog } from '../shell/ConfirmDialog.js';
import { BACKOFFICE_BASE } from '../shell/nav.js';
import { ErrorBlock, SkeletonBlock } from '../shell/states.js';
import { contentApi, pageKey, usePage } from './api.js';
import { metaOf } from './componentMeta.js';
import { nodeLabel } from './diff.js';
import { EditorAlerts } from './EditorAlerts.js';
import { EditorToolbar } from './EditorToolbar.js';
import { InspectorPane } from './InspectorPane.js';
import { LeaveGuard } from './LeaveGuard.js';
import { Palette } from './Palette.js';
import { PreviewPane } from './PreviewPane.js';
import { TreePanel } from './TreePanel.js';
import { countNodes, toComponents } from './tree.js';
import { usePageEditor } from './usePageEditor.js';
import { VersionsDrawer } from './VersionsDrawer.js';
import './editor.css';

/** The editor proper, for one loaded page (remounted on reload). */
function Editor({ detail, onReload }: { detail: ContentPageDetail; onReload: () => Promise<void> }) {
  const { t } = useTranslation();
  const toast = useToast();
  const editor = usePageEditor(detail, onReload);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const { doc, selected, deletingNode } = editor;
  const components = useMemo(() => toComponents(doc.nodes), [doc.nodes]);

  return (
    <div className="bo-ed" data-testid="page-editor">
      <EditorToolbar editor={editor} detail={detail} onOpenVersions={() => setVersionsOpen(true)} />
      <EditorAlerts editor={editor} />

      <div className="bo-ed-panes">
        <aside className="bo-ed-left" aria-label={t('bo.editor.outline')}>
          <TreePanel
            nodes={doc.nodes}
            selected={selected}
            problems={editor.problemNodes}
            onSelect={editor.select}
            onAdd={() => editor.setPalette('auto')}
            onAddAt={(slot) => editor.setPalette(slot)}
            onMove={editor.move}
            onDuplicate={editor.duplicate}
            onDelete={(id) => {
              const target = id ?? selected;
              if (target) editor.setDeleting(target);
            }}
          />
        </aside>
        <PreviewPane brandId={editor.brandId} components={components} />
        <InspectorPane editor={editor} />
      </div>

      <Palette show={editor.palette !== null} onPick={editor.add} onClose={() => editor.setPalette(null)} />

      <ConfirmDialog
        show={deletingNode !== null}
        title={t('bo.editor.deleteTitle')}
        body={
          deletingNode
            ? t('bo.editor.deleteBody', {
                type: t(metaOf(deletingNode.component).label),
                label: nodeLabel(deletingNode) || '—',
                n: countNodes([deletingNode]) - 1,
              })
            : null
        }
        confirmLabel={t('bo.editor.delete')}
        variant="danger"
        onConfirm={editor.confirmDelete}
        onCancel={() => editor.setDeleting(null)}
      />

      <VersionsDrawer
        show={versionsOpen}
        pageId={editor.pageId}
        publishedVersion={editor.publishedVersion}
        dirty={editor.dirty}
        onClose={() => setVersionsOpen(false)}
        onRestored={() => {
          setVersionsOpen(false);
          toast('success', { key: 'bo.editor.versions.restored' });
          void editor.reload();
        }}
      />

      <LeaveGuard dirty={editor.dirty} />
    </div>
  );
}

/**
 * The page editor: component tree on the left, the live preview with the public site's own
 * renderer in the middle (desktop or phone width), the selected component's settings on the right; save
 * makes a version, versions can be compared and restored, publishing is its own action.
 */
export function PageEditorPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const pageId = Number(id);
  const query = usePage(pageId);
  const queryClient = useQueryClient();
  const [generation, setGeneration] = useState(0);

  const reload = async () => {
    const detail = await contentApi.get(pageId);
    queryClient.setQueryData(pageKey(pageId), detail);
    setGeneration((value) => value + 1);
  };

  if (
    !Number.isInteger(pageId) ||
    pageId <= 0 ||
    (isApiError(query.error) && query.error.httpStatus === 404)
  ) {
    return (
      <BoPage title={t('bo.editor.notFound')}>
        <Link to={`${BACKOFFICE_BASE}/content`}>{t('bo.editor.backToPages')}</Link>
      </BoPage>
    );
  }
  if (query.isError)
    return (
      <BoPage title={t('bo.editor.title')}>
        <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
      </BoPage>
    );
  if (!query.data)
    return (
      <BoPage title={t('bo.editor.title')}>
        <SkeletonBlock lines={8} />
      </BoPage>
    );
  return <EditorTitled key={`${pageId}-${generation}`} detail={query.data} onReload={reload} />;
}

/** Sets the window title while the editor is open. */
function EditorTitled({ detail, onReload }: { detail: ContentPageDetail; onReload: () => Promise<void> }) {
  const { t } = useTranslation();
  useEffect(() => {
    const before = document.title;
    document.title = `${detail.draft.title || detail.page.title} · ${t('bo.editor.title')} · ${t('bo.title')}`;
    return () => {
      document.title = before;
    };
  }, [detail, t]);
  return <Editor detail={detail} onReload={onReload} />;
}
