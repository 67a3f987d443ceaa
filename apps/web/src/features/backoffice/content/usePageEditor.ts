import {
  type ComponentType,
  type ContentPageDetail,
  checkComponentTree,
  isMessageKey,
  SLUG_PATTERN,
} from '@openbroker/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/ApiError.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { useErrorText } from '../shell/states.js';
import { contentApi, useInvalidateContent } from './api.js';
import { metaOf } from './componentMeta.js';
import {
  createNode,
  duplicateNode,
  findNode,
  fromComponents,
  insertNode,
  locate,
  locatePath,
  moveDown,
  moveInto,
  moveOut,
  moveUp,
  removeNode,
  type Slot,
  toComponents,
} from './tree.js';
import { type Doc, snapshot, useEditHistory } from './useEditHistory.js';

/**
 * The page editor's state for one loaded page: the edited page with undo and redo, the selection, the
 * server's tree check as the staff member types, and the save, publish and reload actions.
 */
export function usePageEditor(detail: ContentPageDetail, onReload: () => Promise<void>) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const invalidate = useInvalidateContent();
  const pageId = detail.page.id;

  const initial = useMemo<Doc>(
    () => ({
      title: detail.draft.title ?? detail.page.title,
      slug: detail.draft.slug ?? detail.page.slug,
      description: detail.draft.description ?? '',
      nodes: fromComponents(detail.draft.components),
    }),
    [detail],
  );
  const history = useEditHistory(initial);
  const { doc, changeNodes } = history;
  const [saved, setSaved] = useState(() => snapshot(initial));
  const [baseVersion, setBaseVersion] = useState(detail.draft.version);
  const [publishedVersion, setPublishedVersion] = useState(detail.page.publishedVersion);
  /** Whether the page is on the site (a seeded page is live with its original content, no version). */
  const [published, setPublished] = useState(detail.page.published);
  const [selected, setSelected] = useState<string | null>(null);
  const [tab, setTab] = useState<'component' | 'page'>('page');
  const [palette, setPalette] = useState<Slot | 'auto' | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
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

  /** Removes the component the staff member confirmed deleting; the page fields show again. */
  const confirmDelete = () => {
    if (deleting) changeNodes((nodes) => removeNode(nodes, deleting));
    setDeleting(null);
    setSelected(null);
    setTab('page');
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

  return {
    ...history,
    pageId,
    brandId: detail.page.brandId,
    issues,
    problemNodes,
    dirty,
    slugValid,
    titleValid,
    translateIssue,
    selected,
    selectedNode,
    select,
    tab,
    setTab,
    palette,
    setPalette,
    add,
    move,
    duplicate,
    deleting,
    deletingNode: deleting ? findNode(doc.nodes, deleting) : null,
    setDeleting,
    confirmDelete,
    baseVersion,
    publishedVersion,
    isLive: published || (publishedVersion !== null && publishedVersion !== undefined),
    saving,
    save,
    conflict,
    setConflict,
    saveError,
    setSaveError,
    publishing,
    publish,
    publishError,
    setPublishError,
    reloading,
    reload,
  };
}

export type PageEditorState = ReturnType<typeof usePageEditor>;
