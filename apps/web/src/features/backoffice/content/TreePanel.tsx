import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { metaOf } from './componentMeta.js';
import { nodeLabel } from './diff.js';
import { type EditorNode, moves, type Slot } from './tree.js';

interface TreeActions {
  selected: string | null;
  problems: ReadonlySet<string>;
  onSelect: (id: string) => void;
  onAddAt: (slot: Slot) => void;
}

function NodeList({
  nodes,
  slot,
  depth,
  actions,
}: {
  nodes: readonly EditorNode[];
  slot: Slot;
  depth: number;
  actions: TreeActions;
}) {
  const { t } = useTranslation();
  if (nodes.length === 0 && slot.parentId !== null) {
    return (
      <li className="bo-ed-tree-empty" style={{ paddingInlineStart: `${depth * 14 + 8}px` }}>
        <button type="button" className="bo-ed-tree-add-here" onClick={() => actions.onAddAt(slot)}>
          <i className="bi bi-plus-circle-dotted me-1" aria-hidden="true" />
          {t('bo.editor.addHere')}
        </button>
      </li>
    );
  }
  return (
    <>
      {nodes.map((node) => (
        <TreeRow key={node.id} node={node} depth={depth} actions={actions} />
      ))}
    </>
  );
}

function TreeRow({ node, depth, actions }: { node: EditorNode; depth: number; actions: TreeActions }) {
  const { t } = useTranslation();
  const meta = metaOf(node.component);
  const label = nodeLabel(node);
  const selected = actions.selected === node.id;
  return (
    <>
      <li
        className={`bo-ed-tree-row${selected ? ' is-selected' : ''}`}
        data-testid={`tree-row-${node.component}`}
      >
        <button
          type="button"
          className="bo-ed-tree-node"
          style={{ paddingInlineStart: `${depth * 14 + 8}px` }}
          aria-current={selected ? 'true' : undefined}
          onClick={() => actions.onSelect(node.id)}
          data-node-id={node.id}
        >
          <i className={`bi ${meta.icon} bo-ed-tree-icon`} aria-hidden="true" />
          <span className="bo-ed-tree-type">{t(meta.label)}</span>
          {label && <span className="bo-ed-tree-label">{label}</span>}
          {actions.problems.has(node.id) && (
            <i
              className="bi bi-exclamation-triangle-fill bo-ed-tree-problem"
              role="img"
              aria-label={t('bo.editor.hasProblem')}
              title={t('bo.editor.hasProblem')}
            />
          )}
        </button>
      </li>
      {node.children && (
        <NodeList nodes={node.children} slot={{ parentId: node.id }} depth={depth + 1} actions={actions} />
      )}
      {node.columns?.map((column, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: columns have no id and keep their order
        <li key={index} className="bo-ed-tree-columnblock">
          <div className="bo-ed-tree-column" style={{ paddingInlineStart: `${(depth + 1) * 14 + 8}px` }}>
            <i className="bi bi-layout-split me-1" aria-hidden="true" />
            {t('bo.editor.column', { n: index + 1 })}
            <button
              type="button"
              className="bo-ed-tree-column-add"
              onClick={() => actions.onAddAt({ parentId: node.id, column: index })}
              aria-label={t('bo.editor.addToColumn', { n: index + 1 })}
              title={t('bo.editor.addToColumn', { n: index + 1 })}
            >
              <i className="bi bi-plus-lg" aria-hidden="true" />
            </button>
          </div>
          <ul className="list-unstyled mb-0">
            <NodeList
              nodes={column.children}
              slot={{ parentId: node.id, column: index }}
              depth={depth + 2}
              actions={actions}
            />
          </ul>
        </li>
      ))}
    </>
  );
}

/** The page outline (component tree) with the toolbar acting on the selected component. */
export function TreePanel({
  nodes,
  selected,
  problems,
  onSelect,
  onAdd,
  onAddAt,
  onMove,
  onDuplicate,
  onDelete,
}: {
  nodes: readonly EditorNode[];
  selected: string | null;
  problems: ReadonlySet<string>;
  onSelect: (id: string) => void;
  onAdd: () => void;
  onAddAt: (slot: Slot) => void;
  onMove: (how: 'up' | 'down' | 'into' | 'out') => void;
  onDuplicate: () => void;
  /** Asks to delete the selected component, or the one named. */
  onDelete: (id?: string) => void;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const list = useRef<HTMLUListElement>(null);
  const refocus = useRef(false);
  // After a move by keyboard, the moved component keeps the focus (its button may have been remounted).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after every change of the tree
  useEffect(() => {
    if (!refocus.current || !selected) return;
    refocus.current = false;
    list.current?.querySelector<HTMLButtonElement>(`[data-node-id="${selected}"]`)?.focus();
  }, [nodes, selected]);
  /** Arrows walk the outline; Alt+arrows move the selected component; Delete deletes it (after confirming). */
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const target = event.target as HTMLElement;
    const id = target.getAttribute('data-node-id');
    if (!id) return;
    if (event.altKey) {
      const how = { ArrowUp: 'up', ArrowDown: 'down', ArrowRight: 'into', ArrowLeft: 'out' }[event.key] as
        | 'up'
        | 'down'
        | 'into'
        | 'out'
        | undefined;
      if (!how) return;
      event.preventDefault();
      if (selected !== id) onSelect(id);
      else {
        refocus.current = true;
        onMove(how);
      }
      return;
    }
    if (event.key === 'Delete') {
      event.preventDefault();
      onSelect(id);
      onDelete(id);
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('[data-node-id]') ?? [])];
      const at = buttons.indexOf(target as HTMLButtonElement);
      buttons[at + (event.key === 'ArrowDown' ? 1 : -1)]?.focus();
    }
  };
  const can = selected ? moves(nodes, selected) : { up: false, down: false, into: false, out: false };
  const tool = (how: 'up' | 'down' | 'into' | 'out', icon: string, label: string) => (
    <Button
      variant="outline-secondary"
      size="sm"
      disabled={!can[how]}
      onClick={() => onMove(how)}
      aria-label={label}
      title={label}
      data-testid={`tree-${how}`}
    >
      <i className={`bi ${icon}`} aria-hidden="true" />
    </Button>
  );
  return (
    <div className="bo-ed-tree" data-testid="tree-panel">
      <div className="bo-ed-pane-head">
        <span className="bo-ed-pane-title">{t('bo.editor.outline')}</span>
        <Button size="sm" variant="primary" onClick={onAdd} data-testid="tree-add">
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('bo.editor.add')}
        </Button>
      </div>
      <div className="bo-ed-toolbar" role="toolbar" aria-label={t('bo.editor.toolbar')}>
        <div className="btn-group">
          {tool('up', 'bi-arrow-up', t('bo.editor.moveUp'))}
          {tool('down', 'bi-arrow-down', t('bo.editor.moveDown'))}
          {tool('into', 'bi-box-arrow-in-right', t('bo.editor.moveInto'))}
          {tool('out', 'bi-box-arrow-left', t('bo.editor.moveOut'))}
        </div>
        <div className="btn-group">
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={!selected}
            onClick={onDuplicate}
            aria-label={t('bo.editor.duplicate')}
            title={t('bo.editor.duplicate')}
            data-testid="tree-duplicate"
          >
            <i className="bi bi-copy" aria-hidden="true" />
          </Button>
          <Button
            variant="outline-danger"
            size="sm"
            disabled={!selected}
            onClick={() => onDelete()}
            aria-label={t('bo.editor.delete')}
            title={t('bo.editor.delete')}
            data-testid="tree-delete"
          >
            <i className="bi bi-trash" aria-hidden="true" />
          </Button>
        </div>
      </div>
      {nodes.length === 0 ? (
        <div className="bo-ed-tree-blank">
          <i className="bi bi-layers" aria-hidden="true" />
          <p>{t('bo.editor.emptyPage')}</p>
          <Button size="sm" variant="outline-primary" onClick={onAdd}>
            {t('bo.editor.addFirst')}
          </Button>
        </div>
      ) : (
        <ul
          ref={list}
          className="bo-ed-tree-list list-unstyled mb-0"
          aria-label={t('bo.editor.outline')}
          aria-describedby={`${hintId}`}
          onKeyDown={onKeyDown}
        >
          <NodeList
            nodes={nodes}
            slot={{ parentId: null }}
            depth={0}
            actions={{ selected, problems, onSelect, onAddAt }}
          />
        </ul>
      )}
      <p id={hintId} className="bo-ed-tree-hint">
        {t('bo.editor.keys')}
      </p>
    </div>
  );
}
