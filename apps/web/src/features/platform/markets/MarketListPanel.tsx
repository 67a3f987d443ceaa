import { Card, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../ui/DataTable.js';

interface MarketRow {
  symbol: string;
  sell: string;
  buy: string;
}

/** The market list (spec §2). Instruments and their prices come with the price feed. */
export function MarketListPanel() {
  const { t } = useTranslation();
  const rows: MarketRow[] = [];
  const columns: Column<MarketRow>[] = [
    { key: 'market', header: t('markets.col.market'), cell: (row) => row.symbol },
    { key: 'sell', header: t('markets.col.sell'), cell: (row) => row.sell, align: 'end' },
    { key: 'buy', header: t('markets.col.buy'), cell: (row) => row.buy, align: 'end' },
  ];
  return (
    <Card className="ob-card">
      <Card.Header className="ob-card-header">
        <h2 className="ob-card-title">{t('platform.markets')}</h2>
      </Card.Header>
      <Card.Body className="pb-2">
        <InputGroup size="sm">
          <InputGroup.Text>
            <i className="bi bi-search" aria-hidden="true" />
          </InputGroup.Text>
          <Form.Control
            type="search"
            placeholder={t('markets.search')}
            aria-label={t('markets.search')}
            disabled={rows.length === 0}
          />
        </InputGroup>
      </Card.Body>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.symbol}
        empty={t('list.empty')}
        emptyHint={t('platform.noFeed')}
        testId="market-list"
      />
    </Card>
  );
}
