import { useId } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { AutoTradingSwitch } from '../../../shared/auto-trading/AutoTradingSwitch.js';
import { TicketRisk } from '../risk/TicketRisk.js';
import { PriceLevelPair } from '../ticket/PriceLevelField.js';
import { SendingSpinner, TicketError } from '../ticket/TicketAlert.js';
import { DealButton } from './DealButton.js';
import { AmountField, LeverageField, PendingOrderSection } from './TicketFields.js';
import { TradeBlockNotice } from './TradeBlockNotice.js';
import { type NewTradeTicketProps, useNewTradeTicket } from './useNewTradeTicket.js';
import '../../../ui/fields.css';

/** The user fields trading depends on, from the stored user (spec §3); the calculator reads them too. */
export { tradeUserOf } from './tradeUser.js';

/**
 * spec §2 new-trade panel. Buy and sell show the brand's quote as the price socket sends it, with the tick's
 * decimals, and choose the direction; the amount, leverage (options of the asset's category, the
 * disallowed ones disabled) and optional stop loss and take profit — rounded to the tick on leaving the field and
 * sent so — are checked live with the domain rules of spec §5 and §6, and the server checks everything again.
 * The price sent is the brand quote on screen at the click.
 */
export function NewTradePanel({ symbol, instrument, asset, assetsLoading }: NewTradeTicketProps) {
  const { t } = useTranslation();
  const id = useId();
  const ticket = useNewTradeTicket({ symbol, instrument, asset, assetsLoading });
  const { auth, quote, facts, direction, pendingType, block } = ticket;

  return (
    <Card className="ob-card ob-ticket" data-testid="new-trade-panel" ref={ticket.refs.ticket}>
      <Card.Header className="ob-card-header d-flex align-items-center justify-content-between gap-2">
        <h2 className="ob-card-title">{t('platform.newTrade')}</h2>
        <span className="ob-symbol" title={instrument?.displayName}>
          {symbol}
        </span>
      </Card.Header>
      <Card.Body>
        <Form noValidate onSubmit={ticket.submit}>
          <fieldset className="ob-deals mb-3">
            <legend className="visually-hidden">{t('trade.direction')}</legend>
            {(['sell', 'buy'] as const).map((value) => (
              <DealButton
                key={value}
                direction={value}
                active={direction === value}
                quote={quote}
                tick={facts.tick}
                halted={ticket.halted}
                onSelect={() => ticket.choose(value)}
                buttonRef={value === 'buy' ? ticket.refs.buyButton : ticket.refs.sellButton}
              />
            ))}
          </fieldset>

          {block && <TradeBlockNotice block={block} nextOpen={facts.nextOpen} />}

          <AmountField ticket={ticket} controlId={`${id}-amount`} />
          <LeverageField ticket={ticket} controlId={`${id}-leverage`} />
          <PendingOrderSection ticket={ticket} />

          <div className="row g-2 mb-3">
            <PriceLevelPair
              idPrefix={id}
              testIdPrefix="trade"
              stopLoss={ticket.stopLoss}
              takeProfit={ticket.takeProfit}
              onStopLoss={ticket.setStopLoss}
              onTakeProfit={ticket.setTakeProfit}
              errors={{ stop_lost: ticket.stopLossError, take_profit: ticket.takeProfitError }}
              disabled={ticket.disabled}
              tick={facts.tick}
            />
          </div>

          <TicketRisk
            symbol={symbol}
            direction={direction}
            amount={ticket.amountValue}
            leverage={ticket.leverageValue}
            quote={quote}
            facts={facts}
            entry={ticket.orderLevel}
          />

          <TicketError error={ticket.serverError} className="ob-form-alert py-2 small" testId="trade-error" />

          <Button
            type="submit"
            variant={direction === 'buy' ? 'success' : 'danger'}
            className="w-100 ob-submit"
            disabled={!ticket.canSubmit}
            data-testid="trade-submit"
          >
            <SendingSpinner pending={ticket.pending} />
            {pendingType
              ? `${t(`ord.type.${direction}.${pendingType}`)} ${symbol}`
              : t(direction === 'buy' ? 'trade.submitBuy' : 'trade.submitSell', { symbol })}
          </Button>
        </Form>
      </Card.Body>
      {auth && (
        <Card.Footer className="ob-card-footer py-2">
          <AutoTradingSwitch user={auth.user} token={auth.access_token} compact />
        </Card.Footer>
      )}
    </Card>
  );
}
