import type { ComponentSettings, ComponentType } from '@openbroker/domain';
import type { ComponentType as ReactComponent, ReactNode } from 'react';

/** What every block renderer receives: its settings (never null) and its rendered children / columns. */
export interface BlockProps<T extends ComponentType> {
  settings: Partial<ComponentSettings[T]>;
  /** `children` of the node, already rendered. */
  children?: ReactNode;
  /** grid only: each column's children, already rendered. */
  columns?: ReactNode[];
}

/** One renderer per content component type. */
export type BlockRegistry = { [K in ComponentType]: ReactComponent<BlockProps<K>> };
