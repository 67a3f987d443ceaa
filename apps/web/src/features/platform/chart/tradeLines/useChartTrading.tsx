import { formatPriceOnTick } from '@openbroker/domain';
import type { TFunction } from 'i18next';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Instrument } from '../../../../api/types.js';
import { useMoney } from '../../../../shared/market/numbers.js';
import { EditOrderModal } from '../../orders/EditOrderModal.js';
import { NewOrderModal } from '../../orders/NewOrderModal.js';
import { orderReferenceQuote } from '../../orders/pendingOrder.js';
import { EditPositionModal } from '../../positions/EditPositionModal.js';
import { useLiquidationPrices } from '../../positions/useLiquidationPrices.js';
import { useDealingQuote } from '../../risk/useDealing.js';
import { closingDealing, liveProfit } from '../../trading/liveFigures.js';
import type { OrderView, PositionView } from '../../trading/tradingContract.js';
import { useOrders, useTrading } from '../../trading/useTrading.js';
import { buildTradeLines } from './buildLines.js';
import { PriceMenu } from './PriceMenu.js';
import {
  type DragTarget,
  dragKey,
  entryDropField,
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
  const next = withOverride(withPulled(built, edit, t), edit);
  const lineKey = JSON.stringify(next);
  // biome-ignore lint/correctness/useExhaustiveDependencies: compared by value (lineKey)
  const lines = useMemo(() => next, [lineKey]);

  const latest = useRef({ open, quote });
  latest.current = { open, quote };
  const onLineDrop = useCallback((target: DragTarget, price: number) => {
    setMenu(null);
    if (target.owner === 'position' && target.field === 'entry') {
      // out of the entry: the stop loss or the take profit, by the side of the closing price it was dropped on
      const position = latest.current.open.find((p) => p.id === target.id);
      if (!position) return;
      const now = latest.current.quote;
      const close =
        now.status === 'live' ? closingDealing(position.direction, now.dealing) : position.open_rate;
      setEdit({ target: { ...target, field: entryDropField(position.direction, price, close) }, price });
      return;
    }
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

/**
 * A stop loss or take profit pulled out of an entry line shows while its dialog is open, where it was dropped
 * (the position has no such line yet).
 */
function withPulled(
  lines: TradeLine[],
  edit: { target: DragTarget; price: number } | null,
  t: TFunction,
): TradeLine[] {
  if (edit?.target.owner !== 'position' || edit.target.field === 'entry') return lines;
  const key = dragKey(edit.target);
  if (lines.some((line) => line.key === key)) return lines;
  const { id, field } = edit.target;
  return [
    ...lines,
    {
      key,
      kind: field === 'stop_lost' ? 'stopLoss' : 'takeProfit',
      price: edit.price,
      title: t(field === 'stop_lost' ? 'chart.line.stopLoss' : 'chart.line.takeProfit', { id }),
      drag: null,
    },
  ];
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
    if (target.field === 'entry') return null;
    const field = target.field;
    const position = positions.find((p) => p.id === target.id);
    if (!position) return null;
    return (
      <EditPositionModal
        key={`${target.id}-${target.field}-${value}`}
        position={position}
        initial={field === 'stop_lost' ? { stop_lost: value } : { take_profit: value }}
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
      initial={
        target.field === 'price'
          ? { level: value }
          : target.field === 'stop_lost'
            ? { stop_lost: value }
            : { take_profit: value }
      }
      onClose={onClose}
    />
  );
}
