import { useState } from 'react';
import { Card, Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../ui/DataTable.js';

type PositionsTab = 'open' | 'history';

interface PositionRow {
  id: number;
}

/** Open positions and history (spec §2); both empty until the trading engine is connected. */
export function PositionsPanel() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<PositionsTab>('open');
  const rows: PositionRow[] = [];
  const blank = () => '—';
  const columns: Column<PositionRow>[] = [
    { key: 'symbol', header: t('positions.col.symbol'), cell: blank },
    { key: 'direction', header: t('positions.col.direction'), cell: blank },
    { key: 'amount', header: t('positions.col.amount'), cell: blank, align: 'end' },
    { key: 'leverage', header: t('positions.col.leverage'), cell: blank, align: 'end' },
    { key: 'openRate', header: t('positions.col.openRate'), cell: blank, align: 'end' },
    ...(tab === 'open'
      ? [{ key: 'openDate', header: t('positions.col.openDate'), cell: blank }]
      : [
          { key: 'closeRate', header: t('positions.col.closeRate'), cell: blank, align: 'end' as const },
          { key: 'closeDate', header: t('positions.col.closeDate'), cell: blank },
        ]),
    { key: 'profit', header: t('positions.col.profit'), cell: blank, align: 'end' },
  ];
  return (
    <Card className="ob-card" data-testid="positions-panel">
      <Card.Header className="ob-card-header ob-tabs-header">
        <Nav
          variant="underline"
          className="ob-tabs"
          activeKey={tab}
          onSelect={(key) => setTab(key === 'history' ? 'history' : 'open')}
        >
          <Nav.Item>
            <Nav.Link eventKey="open">{t('positions.open')}</Nav.Link>
          </Nav.Item>
          <Nav.Item>
            <Nav.Link eventKey="history">{t('positions.history')}</Nav.Link>
          </Nav.Item>
        </Nav>
      </Card.Header>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => String(row.id)}
        empty={t('positions.empty')}
      />
    </Card>
  );
}
