import {
  BrandAdminView,
  CONTENT_LIMITS,
  type ComponentType,
  type ContentPageDetail,
  checkComponentTree,
  isMessageKey,
  SLUG_PATTERN,
} from '@openbroker/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Alert, Button, ButtonGroup, Form, Modal, Nav, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useParams } from 'react-router';
import { isApiError } from '../../../api/ApiError.js';
import type { Brand } from '../../../api/types.js';
import { brandThemeCss } from '../../../lib/brandTheme.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { ContentPageBody } from '../../site/content/ContentRenderer.js';
import '../../site/site.css';
import { staffRequest } from '../api.js';
import { BoPage } from '../shell/BoPage.js';
import { useBrands } from '../shell/BrandFilter.js';
import { BACKOFFICE_BASE } from '../shell/nav.js';
import { useStaffSession } from '../shell/session.js';
import { ConfirmDialog, ErrorBlock, SkeletonBlock, StatusBadge, useErrorText } from '../shell/ui.js';
import { contentApi, pageKey, useInvalidateContent, usePage } from './api.js';
import { metaOf } from './componentMeta.js';
import { nodeLabel } from './diff.js';
import { PreviewFrame } from './PreviewFrame.js';
import { SettingsPanel } from './SettingsPanel.js';
import { Palette, TreePanel } from './TreePanel.js';
import {
  addColumn,
  countNodes,
  createNode,
  duplicateNode,
  type EditorNode,
  findNode,
  fromComponents,
  insertNode,
  locate,
  locatePath,
  moveDown,
  moveInto,
  moveOut,
  moveUp,
  removeColumn,
  removeNode,
  type Slot,
  toComponents,
  updateSettings,
} from './tree.js';
import { VersionsDrawer } from './VersionsDrawer.js';
import './editor.css';

interface Doc {
  title: string;
  slug: string;
  description: string;
  nodes: EditorNode[];
}

const snapshot = (doc: Doc): string =>
  JSON.stringify({
    title: doc.title,
    slug: doc.slug,
    description: doc.description,
    components: toComponents(doc.nodes),
  });

const HISTORY_LIMIT = 100;

/** The editor proper, for one loaded page (remounted on reload). */
function Editor({ detail, onReload }: { detail: ContentPageDetail; onReload: () => Promise<void> }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const { can } = useStaffSession();
  const invalidate = useInvalidateContent();
  const brands = useBrands();
  const fieldId = useId();
  const pageId = detail.page.id;
  const brandId = detail.page.brandId;
  const brandName = brands.data?.find((brand) => brand.id === brandId)?.name ?? detail.page.brandSlug;
  // The preview wears the edited brand's colours where the staff member may read the brand (brands.manage);
  // otherwise the back office host's brand theme.
  const brandTheme = useQuery({
    queryKey: ['bo', 'content', 'brand-theme', brandId],
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/brands/${brandId}`, { schema: BrandAdminView, signal }),
    enabled: can('brands.manage'),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const previewCss = useMemo(() => {
    const theme = brandTheme.data?.theme;
    if (!theme) return undefined;
    const { light, dark, radius, logoText } = theme;
    return brandThemeCss({ primary: light.primary, logoText, light, dark, radius } as Brand['theme']);
  }, [brandTheme.data]);

  const initial = useMemo<Doc>(
    () => ({
      title: detail.draft.title ?? detail.page.title,
      slug: detail.draft.slug ?? detail.page.slug,
      description: detail.draft.description ?? '',
      nodes: fromComponents(detail.draft.components),
    }),
    [detail],
  );
  const [doc, setDoc] = useState<Doc>(initial);
  const [saved, setSaved] = useState(() => snapshot(initial));
  const [past, setPast] = useState<Doc[]>([]);
  const [future, setFuture] = useState<Doc[]>([]);
  const [baseVersion, setBaseVersion] = useState(detail.draft.version);
  const [publishedVersion, setPublishedVersion] = useState(detail.page.publishedVersion);
  /** Whether the page is on the site (a seeded page is live with its original content, no version). */
  const [published, setPublished] = useState(detail.page.published);
  const [selected, setSelected] = useState<string | null>(null);
  const [tab, setTab] = useState<'component' | 'page'>('page');
  const [device, setDevice] = useState<'desktop' | 'phone'>('desktop');
  const [theme, setTheme] = useState<'light' | 'dark'>('light');
  const [palette, setPalette] = useState<Slot | 'auto' | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  /** A refused save: true, or the head version the server named. */
  const [conflict, setConflict] = useState<boolean | number>(false);
  const [saveError, setSaveError] = useState<string[] | null>(null);
  const [publishing, setPublishing] = useState<'publish' | 'unpublish' | null>(null);
  const [publishError, setPublishError] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);

  const translateIssue = (key: string, params?: Record<string, unknown>) =>
    isMessageKey(key) ? (t as unknown as (key: string, params?: object) => string)(key, params) : key;

  const current = useMemo(() => snapshot(doc), [doc]);
  /** The server's own tree check, run as the staff member types: problems per component and field. */
  const issues = useMemo(
    () =>
      checkComponentTree(toComponents(doc.nodes)).issues.map((issue) => ({
        ...issue,
        target: locatePath(doc.nodes, issue.path),
      })),
    [doc.nodes],
  );
  const problemNodes = useMemo(
    () => new Set(issues.map((issue) => issue.target?.id).filter((id): id is string => !!id)),
    [issues],
  );
  const dirty = current !== saved;
  const slugValid = SLUG_PATTERN.test(doc.slug);
  const titleValid = doc.title.trim() !== '';

  /** Every change goes through here: one undo step each. */
  /** The last edit's field and time: typing in one field is one undo step, not one per key. */
  const lastEdit = useRef<{ key: string; at: number } | null>(null);
  /** Every change goes through here: one undo step each (keystrokes in one field within 1.5 s merge). */
  const change = (update: (doc: Doc) => Doc, mergeKey?: string) => {
    const after = update(doc);
    if (after === doc) return;
    const now = Date.now();
    const merge =
      mergeKey !== undefined && lastEdit.current?.key === mergeKey && now - lastEdit.current.at < 1500;
    lastEdit.current = mergeKey === undefined ? null : { key: mergeKey, at: now };
    if (!merge) setPast((list) => [...list.slice(-HISTORY_LIMIT + 1), doc]);
    setFuture([]);
    setDoc(after);
  };
  const changeNodes = (update: (nodes: EditorNode[]) => EditorNode[], mergeKey?: string) =>
    change((before) => {
      const nodes = update(before.nodes);
      return nodes === before.nodes ? before : { ...before, nodes };
    }, mergeKey);

  const undo = () => {
    const previous = past.at(-1);
    if (!previous) return;
    lastEdit.current = null;
    setPast(past.slice(0, -1));
    setFuture([doc, ...future]);
    setDoc(previous);
  };
  const redo = () => {
    const next = future[0];
    if (!next) return;
    setFuture(future.slice(1));
    setPast([...past, doc]);
    setDoc(next);
  };

  const selectedNode = selected ? findNode(doc.nodes, selected) : null;
  useEffect(() => {
    if (selected && !findNode(doc.nodes, selected)) setSelected(null);
  }, [doc.nodes, selected]);

  const select = (id: string) => {
    setSelected(id);
    setTab('component');
  };

  /** Where "Add" puts a new component: into the selected container, else after the selected component. */
  const autoSlot = (): { slot: Slot; index?: number } => {
    if (!selected) return { slot: { parentId: null } };
    const found = locate(doc.nodes, selected);
    if (!found) return { slot: { parentId: null } };
    if (found.node.columns && found.node.columns.length > 0) {
      const empty = found.node.columns.findIndex((column) => column.children.length === 0);
      return {
        slot: { parentId: found.node.id, column: empty >= 0 ? empty : found.node.columns.length - 1 },
      };
    }
    if (found.node.children) return { slot: { parentId: found.node.id } };
    return { slot: found.slot, index: found.index + 1 };
  };

  const add = (type: ComponentType) => {
    const node = createNode(type);
    const target = palette === 'auto' || palette === null ? autoSlot() : { slot: palette };
    changeNodes((nodes) => insertNode(nodes, target.slot, node, target.index));
    setPalette(null);
    select(node.id);
  };

  const move = (how: 'up' | 'down' | 'into' | 'out') => {
    if (!selected) return;
    const op = { up: moveUp, down: moveDown, into: moveInto, out: moveOut }[how];
    changeNodes((nodes) => op(nodes, selected));
  };

  const duplicate = () => {
    if (!selected) return;
    let copyId: string | null = null;
    changeNodes((nodes) => {
      const result = duplicateNode(nodes, selected);
      copyId = result.id;
      return result.nodes;
    });
    if (copyId) setSelected(copyId);
  };

  // ---------------------------------------------------------------------------------------- save

  const save = async () => {
    if (saving || !dirty || !slugValid || !titleValid || issues.length > 0) return;
    setSaving(true);
    setConflict(false);
    setSaveError(null);
    const body = {
      title: doc.title.trim(),
      description: doc.description,
      slug: doc.slug,
      components: toComponents(doc.nodes),
      baseVersion,
    };
    const sent = current;
    try {
      const result = await contentApi.save(pageId, body);
      setBaseVersion(result.draft.version);
      setPublishedVersion(result.page.publishedVersion);
      setPublished(result.page.published);
      setSaved(sent);
      invalidate(pageId);
      toast('success', { key: 'bo.editor.savedVersion', params: { n: result.draft.version } });
    } catch (error) {
      if (isApiError(error) && error.code === 'VERSION_CONFLICT') {
        const head = error.errors[0]?.params?.version;
        setConflict(typeof head === 'number' || typeof head === 'string' ? Number(head) : true);
      } else if (isApiError(error) && error.code === 'PAGE_SLUG_TAKEN') {
        setSaveError([t('bo.editor.slugTaken')]);
      } else if (isApiError(error) && error.errors.length > 0) {
        setSaveError(
          error.errors.map((fieldError) => {
            const path = Array.isArray(fieldError.path)
              ? fieldError.path
              : String(fieldError.path).split('.');
            const text = translateIssue(fieldError.key, fieldError.params);
            const target = locatePath(doc.nodes, path);
            const node = target ? findNode(doc.nodes, target.id) : null;
            const where = node
              ? `${t(metaOf(node.component).label)}${target?.field ? ` · ${target.field}` : ''}`
              : path.join('.');
            return where ? `${where}: ${text}` : text;
          }),
        );
      } else {
        setSaveError([errorText(error)]);
      }
    } finally {
      setSaving(false);
    }
  };
  const saveRef = useRef(save);
  saveRef.current = save;

  // Ctrl/Cmd+S saves.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  };

  // ------------------------------------------------------------------------------------- publish

  const publish = async (action: 'publish' | 'unpublish') => {
    setPublishing(action);
    setPublishError(null);
    try {
      if (action === 'publish') {
        const page = await contentApi.publish(pageId, baseVersion);
        setPublishedVersion(page?.publishedVersion ?? baseVersion);
        setPublished(true);
        toast('success', { key: 'bo.editor.published', params: { n: baseVersion } });
      } else {
        await contentApi.unpublish(pageId);
        setPublishedVersion(null);
        setPublished(false);
        toast('success', { key: 'bo.editor.unpublished' });
      }
      invalidate(pageId);
    } catch (error) {
      setPublishError(errorText(error));
    } finally {
      setPublishing(null);
    }
  };

  // ---------------------------------------------------------------------------------- leave guard

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const canPublish = can('content.publish');
  const isLive = published || (publishedVersion !== null && publishedVersion !== undefined);
  const deletingNode = deleting ? findNode(doc.nodes, deleting) : null;
  const components = useMemo(() => toComponents(doc.nodes), [doc.nodes]);

  return (
    <div className="bo-ed" data-testid="page-editor">
      <header className="bo-ed-bar">
        <Link
          to={`${BACKOFFICE_BASE}/content`}
          className="bo-ed-back"
          aria-label={t('bo.editor.backToPages')}
        >
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
                if (first) select(first.id);
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
              onClick={undo}
              disabled={past.length === 0}
              aria-label={t('bo.editor.undo')}
              title={t('bo.editor.undo')}
              data-testid="undo"
            >
              <i className="bi bi-arrow-counterclockwise" aria-hidden="true" />
            </Button>
            <Button
              variant="outline-secondary"
              onClick={redo}
              disabled={future.length === 0}
              aria-label={t('bo.editor.redo')}
              title={t('bo.editor.redo')}
            >
              <i className="bi bi-arrow-clockwise" aria-hidden="true" />
            </Button>
          </ButtonGroup>
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => setVersionsOpen(true)}
            data-testid="open-versions"
          >
            <i className="bi bi-clock-history me-1" aria-hidden="true" />
            {t('bo.editor.versions.title')}
          </Button>
          <Button
            size="sm"
            variant="primary"
            onClick={() => void save()}
            disabled={!dirty || saving || !slugValid || !titleValid || issues.length > 0}
            data-testid="save"
          >
            {saving ? (
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
                onClick={() => void publish('publish')}
                disabled={
                  dirty || publishing !== null || publishedVersion === baseVersion || baseVersion === 0
                }
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
                  onClick={() => void publish('unpublish')}
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

      {conflict && (
        <Alert variant="danger" className="bo-ed-alert" data-testid="conflict">
          <div className="d-flex gap-3 align-items-start">
            <i className="bi bi-people-fill fs-5" aria-hidden="true" />
            <div className="flex-grow-1">
              <strong>{t('bo.editor.conflict.title')}</strong>
              <p className="mb-2">
                {t('bo.editor.conflict.body', { n: baseVersion })}
                {typeof conflict === 'number' && ` ${t('bo.editor.conflict.headNow', { version: conflict })}`}
              </p>
              <div className="d-flex gap-2">
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => void reload()}
                  disabled={reloading}
                  data-testid="conflict-reload"
                >
                  {reloading && <Spinner size="sm" animation="border" className="me-1" aria-hidden="true" />}
                  {t('bo.editor.conflict.reload')}
                </Button>
                <Button size="sm" variant="outline-secondary" onClick={() => setConflict(false)}>
                  {t('bo.editor.conflict.keep')}
                </Button>
              </div>
            </div>
          </div>
        </Alert>
      )}
      {saveError && (
        <Alert
          variant="danger"
          className="bo-ed-alert"
          dismissible
          onClose={() => setSaveError(null)}
          data-testid="save-error"
        >
          <strong>{t('bo.editor.saveFailed')}</strong>
          <ul className="mb-0">
            {saveError.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Alert>
      )}
      {publishError && (
        <Alert variant="danger" className="bo-ed-alert" dismissible onClose={() => setPublishError(null)}>
          {publishError}
        </Alert>
      )}

      <div className="bo-ed-panes">
        <aside className="bo-ed-left" aria-label={t('bo.editor.outline')}>
          <TreePanel
            nodes={doc.nodes}
            selected={selected}
            problems={problemNodes}
            onSelect={select}
            onAdd={() => setPalette('auto')}
            onAddAt={(slot) => setPalette(slot)}
            onMove={move}
            onDuplicate={duplicate}
            onDelete={(id) => {
              const target = id ?? selected;
              if (target) setDeleting(target);
            }}
          />
        </aside>

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

        <aside className="bo-ed-right" aria-label={t('bo.editor.inspector')}>
          <Nav
            variant="tabs"
            activeKey={tab}
            className="bo-ed-tabs"
            onSelect={(key) => setTab(key === 'page' ? 'page' : 'component')}
          >
            <Nav.Item>
              <Nav.Link eventKey="component" disabled={!selectedNode} data-testid="tab-component">
                {t('bo.editor.tab.component')}
              </Nav.Link>
            </Nav.Item>
            <Nav.Item>
              <Nav.Link eventKey="page" data-testid="tab-page">
                {t('bo.editor.tab.page')}
              </Nav.Link>
            </Nav.Item>
          </Nav>
          <div className="bo-ed-inspector">
            {tab === 'component' && selectedNode ? (
              <SettingsPanel
                key={selectedNode.id}
                node={selectedNode}
                brandId={brandId}
                onChange={(settings) =>
                  changeNodes(
                    (nodes) => updateSettings(nodes, selectedNode.id, settings),
                    `settings:${selectedNode.id}`,
                  )
                }
                onAddColumn={() => changeNodes((nodes) => addColumn(nodes, selectedNode.id))}
                onRemoveColumn={(column) =>
                  changeNodes((nodes) => removeColumn(nodes, selectedNode.id, column))
                }
                errors={issues
                  .filter((issue) => issue.target?.id === selectedNode.id)
                  .map((issue) => ({
                    field: issue.target?.field ?? '',
                    text: translateIssue(issue.message, issue.params),
                  }))}
              />
            ) : (
              <div className="bo-ed-fields" data-testid="page-fields">
                <Form.Group controlId={`${fieldId}-title`}>
                  <Form.Label>{t('bo.editor.page.title')}</Form.Label>
                  <Form.Control
                    size="sm"
                    value={doc.title}
                    maxLength={CONTENT_LIMITS.maxTitle}
                    isInvalid={!titleValid}
                    onChange={(event) =>
                      change((before) => ({ ...before, title: event.target.value }), 'page:title')
                    }
                    data-testid="page-title"
                  />
                  <Form.Control.Feedback type="invalid">
                    {t('bo.editor.page.titleRequired')}
                  </Form.Control.Feedback>
                </Form.Group>
                <Form.Group controlId={`${fieldId}-slug`}>
                  <Form.Label>{t('bo.editor.page.slug')}</Form.Label>
                  <Form.Control
                    size="sm"
                    value={doc.slug}
                    maxLength={CONTENT_LIMITS.maxSlug}
                    isInvalid={!slugValid}
                    onChange={(event) =>
                      change(
                        (before) => ({ ...before, slug: event.target.value.trim().toLowerCase() }),
                        'page:slug',
                      )
                    }
                    data-testid="page-slug"
                  />
                  <Form.Control.Feedback type="invalid">
                    {t('bo.editor.page.slugInvalid')}
                  </Form.Control.Feedback>
                  <Form.Text className="bo-ed-note">{t('bo.editor.page.slugHint')}</Form.Text>
                </Form.Group>
                <Form.Group controlId={`${fieldId}-description`}>
                  <Form.Label>{t('bo.editor.page.description')}</Form.Label>
                  <Form.Control
                    size="sm"
                    as="textarea"
                    rows={3}
                    maxLength={CONTENT_LIMITS.maxDescription}
                    value={doc.description}
                    onChange={(event) =>
                      change((before) => ({ ...before, description: event.target.value }), 'page:description')
                    }
                    data-testid="page-description"
                  />
                  <Form.Text className="bo-ed-note">{t('bo.editor.page.descriptionHint')}</Form.Text>
                </Form.Group>
                <div className="bo-ed-page-stats">
                  <i className="bi bi-layers me-1" aria-hidden="true" />
                  {t('bo.editor.page.count', { n: countNodes(doc.nodes) })}
                </div>
              </div>
            )}
          </div>
        </aside>
      </div>

      <Palette show={palette !== null} onPick={add} onClose={() => setPalette(null)} />

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
        onConfirm={() => {
          if (deleting) changeNodes((nodes) => removeNode(nodes, deleting));
          setDeleting(null);
          setSelected(null);
          setTab('page');
        }}
        onCancel={() => setDeleting(null)}
      />

      <VersionsDrawer
        show={versionsOpen}
        pageId={pageId}
        publishedVersion={publishedVersion}
        dirty={dirty}
        onClose={() => setVersionsOpen(false)}
        onRestored={() => {
          setVersionsOpen(false);
          toast('success', { key: 'bo.editor.versions.restored' });
          void reload();
        }}
      />

      <Modal
        show={blocker.state === 'blocked'}
        onHide={() => blocker.reset?.()}
        centered
        className="bo-modal"
        data-testid="leave-guard"
      >
        <Modal.Header closeButton closeLabel={t('bo.cancel')}>
          <Modal.Title as="h2" className="bo-modal-title">
            {t('bo.editor.leave.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{t('bo.editor.leave.body')}</Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => blocker.reset?.()}>
            {t('bo.editor.leave.stay')}
          </Button>
          <Button variant="danger" onClick={() => blocker.proceed?.()} data-testid="leave-confirm">
            {t('bo.editor.leave.go')}
          </Button>
        </Modal.Footer>
      </Modal>
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
