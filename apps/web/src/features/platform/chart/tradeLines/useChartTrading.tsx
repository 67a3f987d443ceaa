import { formatPriceOnTick } from '@openbroker/domain';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Instrument } from '../../../../api/types.js';
import { useMoney } from '../../../../shared/market/numbers.js';
import { EditOrderModal } from '../../orders/EditOrderModal.js';
import { NewOrderModal } from '../../orders/NewOrderModal.js';
import { orderReferenceQuote } from '../../orders/pendingOrder.js';
import { EditPositionModal } from '../../positions/EditPositionModal.js';
import { useLiquidationPrices } from '../../positions/useLiquidationPrices.js';
import { useDealingQuote } from '../../risk/useDealing.js';
import { liveProfit } from '../../trading/liveFigures.js';
import type { OrderView, PositionView } from '../../trading/tradingContract.js';
import { useOrders, useTrading } from '../../trading/useTrading.js';
import { buildTradeLines } from './buildLines.js';
import { PriceMenu } from './PriceMenu.js';
import {
  type DragTarget,
  type PendingChoice,
  pendingChoices,
  priceText,
  type TradeLine,
  withOverride,
} from './tradeLines.js';
import './tradeLines.css';

const NONE: [] = [];

export interface ChartTrading {
  /** The lines to draw: a dragged one at its dropped price while its dialog is open. */
  lines: TradeLine[];
  onLineDrop: (target: DragTarget, price: number) => void;
  onPriceMenu: (price: number, at: { x: number; y: number }) => void;
  /** The order menu, the dialogs and the lines' accessible list: rendered next to the chart. */
  overlay: ReactNode;
}

/**
 * Trading from the chart for the symbol on screen: the positions' and orders' lines, and what a gesture on
 * them opens — the same dialogs as the positions and orders panels, prefilled, so a dragged level is checked by
 * the same rules (domain `validateStopLossTakeProfit`, `orderLevelError`, `orderTriggerErrors`) and sent by the same
 * command. Cancel, or a refused level, leaves the saved one: the line goes back to it.
 */
export function useChartTrading(symbol: string, instrument: Instrument | undefined): ChartTrading {
  const { t } = useTranslation();
  const money = useMoney();
  const { positions } = useTrading();
  const { orders } = useOrders();
  const open = positions?.open ?? NONE;
  const pending = orders?.open ?? NONE;
  const liquidations = useLiquidationPrices(positions?.open ?? NONE);
  const { quote, facts } = useDealingQuote(symbol, instrument);
  const tick = facts.tick;
  const [edit, setEdit] = useState<{ target: DragTarget; price: number } | null>(null);
  const [menu, setMenu] = useState<{ price: number; at: { x: number; y: number } } | null>(null);
  const [placing, setPlacing] = useState<PendingChoice | null>(null);

  const built = buildTradeLines({
    symbol,
    positions: open,
    orders: pending,
    liquidation: (id) => liquidations.get(id)?.price ?? null,
    profit: (position) => {
      const profit = liveProfit(position, quote);
      return profit.status === 'live' ? profit.profit : null;
    },
    t,
    money,
  });
  // the same lines keep the same array: the chart (memoised) is not drawn again for nothing
  const next = withOverride(built, edit);
  const lineKey = JSON.stringify(next);
  // biome-ignore lint/correctness/useExhaustiveDependencies: compared by value (lineKey)
  const lines = useMemo(() => next, [lineKey]);

  const onLineDrop = useCallback((target: DragTarget, price: number) => {
    setMenu(null);
    setEdit({ target, price });
  }, []);
  const onPriceMenu = useCallback((price: number, at: { x: number; y: number }) => {
    setEdit(null);
    setMenu({ price, at });
  }, []);
  const closeMenu = useCallback(() => setMenu(null), []);
  const closeEdit = useCallback(() => setEdit(null), []);

  const reference = orderReferenceQuote(quote);
  const choices = useMemo(
    () => (menu ? pendingChoices(menu.price, reference, tick) : []),
    [menu, reference, tick],
  );

  const editing = edit ? dialogFor(edit, open, pending, tick, closeEdit) : null;

  const overlay = (
    <>
      <ul className="visually-hidden" aria-label={t('chart.trade.lines')} data-testid="chart-trade-lines">
        {lines.map((line) => (
          <li key={line.key} data-key={line.key} data-price={line.price}>
            {line.title}: {formatPriceOnTick(line.price, tick)}
          </li>
        ))}
      </ul>
      {menu && (
        <PriceMenu
          at={menu.at}
          price={priceText(menu.price, tick)}
          choices={choices}
          onClose={closeMenu}
          onChoose={(choice) => {
            setMenu(null);
            setPlacing(choice);
          }}
        />
      )}
      {editing}
      {placing && (
        <NewOrderModal
          symbol={symbol}
          initial={{
            direction: placing.direction,
            type: placing.type,
            level: priceText(placing.price, tick),
          }}
          onClose={() => setPlacing(null)}
        />
      )}
    </>
  );
  return { lines, onLineDrop, onPriceMenu, overlay };
}

/** The dialog a dropped line opens, prefilled with where it was dropped; none when its position or order is gone. */
function dialogFor(
  edit: { target: DragTarget; price: number },
  positions: readonly PositionView[],
  orders: readonly OrderView[],
  tick: number | null,
  onClose: () => void,
): ReactNode {
  const { target } = edit;
  const value = priceText(edit.price, tick);
  if (target.owner === 'position') {
    const position = positions.find((p) => p.id === target.id);
    if (!position) return null;
    return (
      <EditPositionModal
        key={`${target.id}-${target.field}-${value}`}
        position={position}
        initial={{ [target.field]: value }}
        onClose={onClose}
      />
    );
  }
  const order = orders.find((o) => o.id === target.id);
  if (!order) return null;
  return (
    <EditOrderModal
      key={`${target.id}-${target.field}-${value}`}
      order={order}
      initial={target.field === 'price' ? { level: value } : { [target.field]: value }}
      onClose={onClose}
    />
  );
}
