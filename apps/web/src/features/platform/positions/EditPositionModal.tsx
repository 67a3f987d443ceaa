import { breakEvenStop, type Message, triggersValid } from '@openbroker/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useInstruments } from '../../../shared/market/useMarketData.js';
import { useQuote, useQuoteStore } from '../../../shared/market/useQuotes.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { ClosedMarket } from '../markets/NextOpen.js';
import { checkLevelsOnTick, formatOnTick, levelTextOnTick, sentLevel } from '../priceOnTick.js';
import { instrumentFacts } from '../risk/tradingProfile.js';
import { FieldFeedback } from '../ticket/FieldFeedback.js';
import { PriceLevelField } from '../ticket/PriceLevelField.js';
import { TicketError } from '../ticket/TicketAlert.js';
import { TicketDialog } from '../ticket/TicketDialog.js';
import { TradeFacts } from '../ticket/TradeFacts.js';
import { useTicketServer } from '../ticket/useTicketServer.js';
import type { PositionView } from '../trading/tradingContract.js';
import { useTrading } from '../trading/useTrading.js';
import { checkTrailingDistance, type TrailingUnit } from './trailingStop.js';

const levelText = (value: number | null) => (value ? String(value) : '');

/**
 * Sets or removes a position's stop loss and take profit (spec §5), checked live against the price the
 * position would close at now (the brand quote's close side) and sent on the instrument's tick; an
 * empty field removes the level. Break-even is offered once the position is in profit by at least the spread
 * (domain `breakEvenStop`). spec §8: 'The data was successfully saved'. `initial` prefills a level (a line
 * dragged on the chart), checked like a typed one.
 */
export function EditPositionModal({
  position,
  onClose,
  initial,
}: {
  position: PositionView;
  onClose: () => void;
  initial?: { stop_lost?: string; take_profit?: string };
}) {
  const { t } = useTranslation();
  const id = useId();
  const toast = useToast();
  const store = useQuoteStore();
  const quote = useQuote(position.symbol);
  const { updatePosition } = useTrading();
  const [stopLoss, setStopLoss] = useState(initial?.stop_lost ?? levelText(position.stop_lost));
  const [takeProfit, setTakeProfit] = useState(initial?.take_profit ?? levelText(position.take_profit));
  const hadTrailing = position.trailing_stop != null;
  const [trailing, setTrailing] = useState(hadTrailing);
  const instruments = useInstruments();
  const facts = instrumentFacts(position.symbol, instruments.bySymbol.get(position.symbol));
  const tick = facts.tick;
  // forex trails in pips or price; everything else is counted in points, one point being one price unit
  const inPips = facts.unit.unit === 'pip';
  const [chosenUnit, setTrailingUnit] = useState<TrailingUnit>(hadTrailing ? 'price' : 'pips');
  const trailingUnit: TrailingUnit = inPips ? chosenUnit : 'price';
  const [trailingDistance, setTrailingDistance] = useState(hadTrailing ? String(position.trailing_stop) : '');
  const [pending, setPending] = useState(false);
  const server = useTicketServer();

  const levels = { direction: position.direction, stop_lost: stopLoss, take_profit: takeProfit };
  const errors = quote.status === 'live' ? checkLevelsOnTick({ ...levels, quote: quote.dealing }, tick) : {};
  const stopLossError = errors.stop_lost ?? server.fields.stop_lost ?? null;
  const takeProfitError = errors.take_profit ?? server.fields.take_profit ?? null;
  const pipSize = facts.pipSize;
  const trailingCheck = trailing
    ? checkTrailingDistance(
        trailingDistance,
        trailingUnit,
        quote.status === 'live' ? { pipSize, price: quote.dealing.sell } : null,
      )
    : null;
  const trailingError =
    (trailingCheck && !trailingCheck.ok ? trailingCheck.error : null) ?? server.fields.trailing_stop ?? null;
  const reference =
    quote.status === 'live' ? (position.direction === 'buy' ? quote.dealing.sell : quote.dealing.buy) : null;
  // only once in profit by at least the spread: the entry on the tick, a stop Save accepts
  const breakEven = quote.status === 'live' ? breakEvenStop(position, quote.dealing, tick) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    server.clear();
    const current = store.get(position.symbol);
    // the levels go out on the tick: the fields show what is sent
    setStopLoss(levelTextOnTick(stopLoss, tick));
    setTakeProfit(levelTextOnTick(takeProfit, tick));
    if (
      current.status !== 'live' ||
      !triggersValid(checkLevelsOnTick({ ...levels, quote: current.dealing }, tick)) ||
      (trailingCheck && !trailingCheck.ok)
    )
      return;
    setPending(true);
    // the trailing stop is sent only when it changes: set, or removed (null)
    const trailingStop = trailingCheck?.ok
      ? { distance: trailingCheck.value, unit: trailingUnit }
      : hadTrailing && !trailing
        ? null
        : undefined;
    const ack = await updatePosition(
      position.id,
      sentLevel(stopLoss, tick),
      sentLevel(takeProfit, tick),
      trailingStop,
    );
    setPending(false);
    if (ack.status) {
      toast('success', { key: 'data.saved' });
      onClose();
      return;
    }
    server.refused(ack);
  };

  const field = (
    name: 'stop_lost' | 'take_profit',
    value: string,
    set: (value: string) => void,
    error: Message | null,
  ) => (
    <PriceLevelField
      name={name}
      controlId={`${id}-${name}`}
      value={value}
      onChange={(next) => {
        set(next);
        server.clear();
      }}
      error={error}
      tick={tick}
      testId={name === 'stop_lost' ? 'position-edit-stop-loss' : 'position-edit-take-profit'}
    />
  );

  return (
    <TicketDialog
      testId="position-edit-modal"
      title={t('positions.edit.title', { id: position.id, symbol: position.symbol })}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('form.save')}
      submitDisabled={pending || quote.status !== 'live'}
      submitTestId="position-edit-save"
      pending={pending}
    >
      <TradeFacts direction={position.direction}>
        <div>
          <dt>{t('positions.col.openRate')}</dt>
          <dd className="ob-num">{formatOnTick(position.open_rate, tick)}</dd>
        </div>
        <div>
          <dt>{t('positions.edit.closePrice')}</dt>
          <dd className="ob-num" data-testid="position-edit-reference">
            {reference !== null ? (
              formatOnTick(reference, tick)
            ) : quote.status === 'unavailable' ? (
              <ClosedMarket nextOpen={facts.nextOpen} testId="position-edit-closed" />
            ) : (
              '—'
            )}
          </dd>
        </div>
      </TradeFacts>
      <div className="row g-2">
        {field('stop_lost', stopLoss, setStopLoss, stopLossError)}
        {field('take_profit', takeProfit, setTakeProfit, takeProfitError)}
      </div>
      <p className="small text-body-secondary mt-2 mb-0">{t('positions.edit.hint')}</p>
      {breakEven !== null && (
        <Button
          variant="outline-secondary"
          size="sm"
          className="mt-2"
          onClick={() => {
            setStopLoss(tick !== null ? formatOnTick(breakEven, tick) : String(breakEven));
            server.clear();
          }}
          data-testid="position-edit-break-even"
        >
          <i className="bi bi-shield-check me-1" aria-hidden="true" />
          {t('ord.edit.breakEven', { price: formatOnTick(breakEven, tick) })}
        </Button>
      )}
      <fieldset className="mt-3" data-testid="position-edit-trailing">
        <Form.Check
          type="switch"
          id={`${id}-trailing`}
          label={t('ord.trailing.title')}
          checked={trailing}
          onChange={(event) => {
            setTrailing(event.target.checked);
            server.clearFields();
          }}
          data-testid="position-edit-trailing-on"
        />
        {trailing && (
          <div className="row g-2 mt-1">
            <Form.Group className="col-7" controlId={`${id}-trailing-distance`}>
              <Form.Label>{t('ord.trailing.distance')}</Form.Label>
              <Form.Control
                type="number"
                inputMode="decimal"
                step="any"
                min={0}
                value={trailingDistance}
                onChange={(event) => {
                  setTrailingDistance(event.target.value);
                  server.clearFields();
                }}
                isInvalid={!!trailingError}
                className="ob-num"
                data-testid="position-edit-trailing-distance"
              />
              <FieldFeedback message={trailingError} title={t('ord.trailing.distance')} />
            </Form.Group>
            <Form.Group className="col-5" controlId={`${id}-trailing-unit`}>
              <Form.Label>{t('ord.trailing.unit')}</Form.Label>
              <Form.Select
                value={trailingUnit}
                onChange={(event) => setTrailingUnit(event.target.value === 'pips' ? 'pips' : 'price')}
                data-testid="position-edit-trailing-unit"
              >
                {inPips ? (
                  <>
                    <option value="pips">{t('ord.trailing.pips')}</option>
                    <option value="price">{t('ord.trailing.price')}</option>
                  </>
                ) : (
                  // a point is one price unit: sent as a distance in price
                  <option value="price">{t('term.trailing.points')}</option>
                )}
              </Form.Select>
            </Form.Group>
            <p className="small text-body-secondary mb-0">{t('ord.trailing.hint')}</p>
          </div>
        )}
      </fieldset>
      <TicketError error={server.error} />
    </TicketDialog>
  );
}
