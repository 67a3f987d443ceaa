import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels';

/** localStorage keys of the remembered panel sizes (percentages per panel id). */
export const LAYOUT_STORAGE = { columns: 'ob.terminal.columns', center: 'ob.terminal.center' } as const;

function Splitter({ direction }: { direction: 'columns' | 'rows' }) {
  const { t } = useTranslation();
  return (
    <Separator className={`ob-splitter ob-splitter-${direction}`} title={t('term.layout.resize')}>
      <span className="ob-splitter-grip" aria-hidden="true" />
    </Separator>
  );
}

/**
 * The one-screen terminal of wide screens: markets | chart over the positions tabs | ticket, filling the
 * window below the summary. Each border can be dragged (or moved with the arrow keys once focused; a
 * double click restores the default) and the sizes are remembered in localStorage.
 */
export function TerminalLayout({
  markets,
  chart,
  positions,
  ticket,
}: {
  markets: ReactNode;
  chart: ReactNode;
  positions: ReactNode;
  ticket: ReactNode;
}) {
  const columns = useDefaultLayout({ id: LAYOUT_STORAGE.columns, storage: localStorage });
  const center = useDefaultLayout({ id: LAYOUT_STORAGE.center, storage: localStorage });
  return (
    <Group
      orientation="horizontal"
      className="ob-workspace"
      id="ob-terminal-columns"
      defaultLayout={columns.defaultLayout}
      onLayoutChanged={columns.onLayoutChanged}
      data-testid="terminal-layout"
    >
      <Panel
        id="markets"
        defaultSize="21%"
        minSize="14%"
        maxSize="35%"
        className="ob-pane"
        data-section="markets"
      >
        {markets}
      </Panel>
      <Splitter direction="columns" />
      <Panel id="center" defaultSize="56%" minSize="35%">
        <Group
          orientation="vertical"
          className="ob-workspace-center"
          id="ob-terminal-center"
          defaultLayout={center.defaultLayout}
          onLayoutChanged={center.onLayoutChanged}
        >
          {/* the chart keeps at least half the working height */}
          <Panel id="chart" defaultSize="67%" minSize="50%" className="ob-pane" data-section="chart">
            {chart}
          </Panel>
          <Splitter direction="rows" />
          <Panel id="positions" defaultSize="33%" minSize="20%" className="ob-pane" data-section="positions">
            {positions}
          </Panel>
        </Group>
      </Panel>
      <Splitter direction="columns" />
      <Panel
        id="ticket"
        defaultSize="23%"
        minSize="18%"
        maxSize="36%"
        className="ob-pane ob-pane-scroll"
        data-section="trade"
      >
        {ticket}
      </Panel>
    </Group>
  );
}
