import { type ComponentType, type ContentComponent, isComponentType } from '@openbroker/domain';
import { Component, type ComponentType as ReactComponent, type ReactNode, useEffect } from 'react';
import type { BlockProps } from './blockProps.js';
import { BLOCKS, isFullWidthNode } from './blocks.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * One component that throws (bad settings the server let through, a widget bug) must not take the page
 * down: it renders nothing and is logged, and its siblings render as usual.
 */
class BlockBoundary extends Component<{ type: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`Content component '${this.props.type}' failed to render`, error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** spec §2: an unknown component type renders nothing and logs a warning. */
function UnknownBlock({ type }: { type: unknown }) {
  useEffect(() => {
    console.warn(`Unknown content component type '${String(type)}': not rendered`);
  }, [type]);
  return null;
}

function renderList(nodes: unknown): ReactNode[] {
  if (!Array.isArray(nodes)) return [];
  // biome-ignore lint/suspicious/noArrayIndexKey: page nodes have no id; a page is replaced as a whole
  return nodes.map((node, index) => <ContentBlock key={index} node={node} />);
}

/** Renders one node of a page tree with its children (spec §3: component, settings, columns, children). */
export function ContentBlock({ node }: { node: unknown }) {
  const type = isObject(node) ? node.component : undefined;
  if (!isObject(node) || !isComponentType(type)) return <UnknownBlock type={type} />;
  const settings = isObject(node.settings) ? node.settings : {};
  const Block = BLOCKS[type] as ReactComponent<BlockProps<ComponentType>>;
  const columns = Array.isArray(node.columns)
    ? (node.columns as unknown[]).map((column) => renderList(isObject(column) ? column.children : undefined))
    : undefined;
  const children = renderList(node.children);
  return (
    <BlockBoundary type={type}>
      <Block settings={settings} {...(columns ? { columns } : {})}>
        {children.length > 0 ? children : undefined}
      </Block>
    </BlockBoundary>
  );
}

/** Renders a list of nodes in place (inside a section, a column, a card). */
export function ContentBlocks({ components }: { components: readonly unknown[] }) {
  return <>{renderList(components)}</>;
}

const isFullWidth = (node: unknown): boolean => isObject(node) && isFullWidthNode(node);

/**
 * A page's top-level components: banners, heroes and sections span the window; the blocks between them
 * are laid out in the page's content column.
 */
export function ContentPageBody({ components }: { components: readonly ContentComponent[] | unknown[] }) {
  const groups: { fullWidth: boolean; nodes: { node: unknown; index: number }[] }[] = [];
  components.forEach((node, index) => {
    const fullWidth = isFullWidth(node);
    const last = groups.at(-1);
    if (last && !fullWidth && !last.fullWidth) last.nodes.push({ node, index });
    else groups.push({ fullWidth, nodes: [{ node, index }] });
  });
  return (
    <div className="ob-content">
      {groups.map((group) =>
        group.fullWidth ? (
          group.nodes.map(({ node, index }) => <ContentBlock key={index} node={node} />)
        ) : (
          <div key={group.nodes[0]?.index} className="container-xl ob-flow">
            {group.nodes.map(({ node, index }) => (
              <ContentBlock key={index} node={node} />
            ))}
          </div>
        ),
      )}
    </div>
  );
}
