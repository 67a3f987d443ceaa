import { type Direction, formatPrice, searchInstruments } from '@openbroker/domain';
import { memo, useCallback, useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { Button, Card, Form, InputGroup, Nav, Placeholder } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { INSTRUMENT_CATEGORIES, type Instrument, type InstrumentCategory } from '../../../api/types.js';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { FlashPrice } from '../../../shared/market/FlashPrice.js';
import { useVisibleSymbols } from '../../../shared/market/useQuotes.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { OneClickPrice } from '../oneclick/OneClickPrice.js';
import { OneClickSwitch } from '../oneclick/OneClickSwitch.js';
import { useOneClickTrade } from '../oneclick/useOneClickTrade.js';
import { useDealingQuote } from '../risk/useDealing.js';
import { FavouriteStar } from './FavouriteStar.js';
import { ClosedMarket } from './NextOpen.js';
import { useWatchlists } from './useWatchlists.js';
import { useListName, WatchlistManager } from './WatchlistManager.js';
import './watchlists.css';

export const CATEGORY_LABEL: Record<InstrumentCategory, TranslationKey> = {
  crypto: 'markets.tab.crypto',
  forex: 'markets.tab.forex',
  stocks: 'markets.tab.stocks',
  commodities: 'markets.tab.commodities',
  index: 'markets.tab.index',
};

const MarketRow = memo(function MarketRow({
  instrument,
  selected,
  onSelect,
  starred,
  onStar,
  onTrade,
  busy,
}: {
  instrument: Instrument;
  selected: boolean;
  onSelect: (symbol: string) => void;
  /** Whether the market is on the favourites; undefined while the lists are not known (no star then). */
  starred: boolean | undefined;
  onStar: (symbol: string, on: boolean) => void;
  /** One-click trading is on: the prices trade when clicked. */
  onTrade: ((instrument: Instrument, direction: Direction) => void) | undefined;
  /** This market's one-click trade is under way. */
  busy: boolean;
}) {
  const { quote, facts } = useDealingQuote(instrument.symbol, instrument);
  const select = () => onSelect(instrument.symbol);
  const last = quote.status === 'unavailable' ? (quote.last ?? instrument.last ?? null) : null;
  return (
    <tr
      className={selected ? 'ob-market-row table-active' : 'ob-market-row'}
      data-testid={`market-row-${instrument.symbol}`}
      aria-selected={selected}
      onClick={select}
    >
      <th scope="row" className={starred === undefined ? 'ob-market-name' : 'ob-market-name has-star'}>
        {starred !== undefined && <FavouriteStar symbol={instrument.symbol} on={starred} onToggle={onStar} />}
        <a
          href={`/platform/${instrument.symbol}`}
          onClick={(event) => {
            event.preventDefault();
            select();
          }}
          className="ob-market-symbol"
        >
          {instrument.symbol}
        </a>
        <span className="ob-market-display" title={instrument.displayName}>
          {instrument.displayName}
        </span>
      </th>
      {quote.status === 'live' ? (
        (['sell', 'buy'] as const).map((direction) => (
          <td key={direction} className="text-end">
            {onTrade ? (
              <OneClickPrice
                instrument={instrument}
                direction={direction}
                price={formatPrice(quote.dealing[direction])}
                busy={busy}
                onTrade={onTrade}
              >
                <FlashPrice value={quote.dealing[direction]} tick={quote.tick} />
              </OneClickPrice>
            ) : (
              <FlashPrice value={quote.dealing[direction]} tick={quote.tick} />
            )}
          </td>
        ))
      ) : quote.status === 'unavailable' && last ? (
        // a closed market keeps its last brand quote on screen, greyed, and says when it opens
        <>
          <td className="text-end">
            <span className="ob-price ob-price-last" data-testid={`market-last-sell-${instrument.symbol}`}>
              {formatPrice(last.sell)}
            </span>
          </td>
          <td className="text-end">
            <span className="ob-price ob-price-last" data-testid={`market-last-buy-${instrument.symbol}`}>
              {formatPrice(last.buy)}
            </span>
            <ClosedMarket
              nextOpen={facts.nextOpen}
              testId={`market-closed-${instrument.symbol}`}
              compact
              besideLast
            />
          </td>
        </>
      ) : quote.status === 'unavailable' ? (
        <td colSpan={2} className="text-end">
          <ClosedMarket nextOpen={facts.nextOpen} testId={`market-closed-${instrument.symbol}`} compact />
        </td>
      ) : (
        <td colSpan={2} className="text-end">
          <Placeholder as="span" animation="glow" aria-hidden="true">
            <Placeholder xs={8} size="sm" />
          </Placeholder>
        </td>
      )}
    </tr>
  );
});

/** What the market list shows: every market by group, or one of the client's lists. */
type View = 'all' | number;

/**
 * The market list (spec §2): the four groups plus indices as tabs, a search over every group (by symbol, name and
 * common aliases: XAUUSD finds GOLD), and each instrument's live dealing prices (sell, buy, with the brand's markup)
 * flashing on change; a closed market says when it opens next. A row opens /platform/{symbol}. The star of a row
 * puts the market on the client's favourites; the select above shows every market, the favourites or one of the
 * client's watchlists (in the client's order), and the manager makes, renames, deletes and orders the lists.
 */
export function MarketListPanel({
  symbol,
  instruments,
  onSelected,
}: {
  symbol: string;
  instruments: Instrument[] | undefined;
  /** Called after a row was chosen (the phone layout switches to the chart). */
  onSelected?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const selectedCategory = instruments?.find((i) => i.symbol === symbol)?.category;
  const [category, setCategory] = useState<InstrumentCategory>(selectedCategory ?? 'crypto');
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const viewId = useId();
  const watch = useWatchlists();
  const listName = useListName();
  const [view, setView] = useState<View>('all');
  const [managing, setManaging] = useState(false);
  const shownList = view === 'all' ? undefined : watch.lists?.find((l) => l.id === view);
  const { change, isFavourite } = watch;
  const listsKnown = watch.lists !== undefined;
  const oneClick = useOneClickTrade();
  const onTrade = oneClick.on ? oneClick.trade : undefined;

  // Follow the chosen symbol's group when it changes from outside (URL, another tab of the screen).
  useEffect(() => {
    if (selectedCategory) setCategory(selectedCategory);
  }, [selectedCategory]);
  // a list deleted (here or on another device) shows every market again
  useEffect(() => {
    if (view !== 'all' && listsKnown && !shownList) setView('all');
  }, [view, listsKnown, shownList]);

  const categories = INSTRUMENT_CATEGORIES.filter((c) => instruments?.some((i) => i.category === c));
  const rows = useMemo(() => {
    const all = instruments ?? [];
    if (query) return searchInstruments(all, query);
    if (shownList) {
      const bySymbol = new Map(all.map((i) => [i.symbol, i]));
      return shownList.symbols.flatMap((s) => bySymbol.get(s) ?? []);
    }
    return all.filter((i) => i.category === category);
  }, [instruments, query, shownList, category]);
  // the price socket follows the visible group (plus open positions and the chart, which listen)
  useVisibleSymbols(
    'markets',
    rows.map((i) => i.symbol),
  );
  const onSelect = useCallback(
    (next: string) => {
      navigate(`/platform/${next}`);
      onSelected?.();
    },
    [navigate, onSelected],
  );
  const onStar = useCallback(
    (next: string, on: boolean) => change({ kind: 'favourite', symbol: next, on }),
    [change],
  );

  return (
    <Card className="ob-card ob-markets">
      <Card.Header className="ob-card-header d-flex align-items-center justify-content-between gap-2">
        <h2 className="ob-card-title">{t('platform.markets')}</h2>
        <InputGroup size="sm" className="ob-market-search">
          <InputGroup.Text>
            <i className="bi bi-search" aria-hidden="true" />
          </InputGroup.Text>
          <Form.Control
            type="search"
            placeholder={t('markets.search')}
            aria-label={t('markets.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            disabled={!instruments}
            data-testid="market-search"
          />
        </InputGroup>
      </Card.Header>
      <div className="ob-watch-bar">
        {watch.lists && (
          <>
            <Form.Label htmlFor={viewId} visuallyHidden>
              {t('watch.view')}
            </Form.Label>
            <Form.Select
              id={viewId}
              size="sm"
              value={String(view)}
              onChange={(event) => setView(event.target.value === 'all' ? 'all' : Number(event.target.value))}
              data-testid="watch-view"
            >
              <option value="all">{t('watch.all')}</option>
              {watch.lists.map((list) => (
                <option key={list.id} value={list.id}>
                  {listName(list)} ({list.symbols.length})
                </option>
              ))}
            </Form.Select>
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={() => setManaging(true)}
              aria-label={t('watch.manage')}
              title={t('watch.manage')}
              data-testid="watch-manage"
            >
              <i className="bi bi-list-stars" aria-hidden="true" />
            </Button>
          </>
        )}
        <OneClickSwitch instrument={instruments?.find((i) => i.symbol === symbol)} />
      </div>
      {managing && watch.lists && (
        <WatchlistManager
          lists={watch.lists}
          symbol={symbol}
          orderOf={shownList?.id}
          onChange={change}
          onClose={() => setManaging(false)}
        />
      )}
      {!query && !shownList && categories.length > 0 && (
        <div className="ob-market-tabs">
          <Nav
            variant="pills"
            activeKey={category}
            onSelect={(key) => key && setCategory(key as InstrumentCategory)}
          >
            {categories.map((c) => (
              <Nav.Item key={c}>
                <Nav.Link eventKey={c} as="button" type="button" data-testid={`market-tab-${c}`}>
                  {t(CATEGORY_LABEL[c])}
                </Nav.Link>
              </Nav.Item>
            ))}
          </Nav>
        </div>
      )}
      <div className="ob-market-scroll" data-testid="market-list">
        <table className="table table-hover table-sm ob-table ob-market-table mb-0">
          <thead>
            <tr>
              <th scope="col">{t('markets.col.market')}</th>
              <th scope="col" className="text-end">
                {t('markets.col.sell')}
              </th>
              <th scope="col" className="text-end">
                {t('markets.col.buy')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((instrument) => (
              <MarketRow
                key={instrument.symbol}
                instrument={instrument}
                selected={instrument.symbol === symbol}
                onSelect={onSelect}
                starred={listsKnown ? isFavourite(instrument.symbol) : undefined}
                onStar={onStar}
                onTrade={onTrade}
                busy={oneClick.pending.has(instrument.symbol)}
              />
            ))}
          </tbody>
        </table>
        {instruments && rows.length === 0 && (
          <EmptyState icon={query ? 'bi-search' : shownList ? 'bi-star' : undefined}>
            {query ? t('markets.noMatch') : shownList ? t('watch.empty') : t('list.empty')}
          </EmptyState>
        )}
        {!instruments && (
          <div className="p-3" aria-hidden="true">
            {[0, 1, 2, 3, 4, 5].map((n) => (
              <Placeholder key={n} as="div" animation="glow" className="mb-2">
                <Placeholder xs={12} />
              </Placeholder>
            ))}
          </div>
        )}
      </div>
    </Card>
  );
}
