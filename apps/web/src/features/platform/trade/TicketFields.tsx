import {
  AMOUNT_MIN,
  AMOUNT_STEP,
  formatPrice,
  SIZE_MODES,
  SIZE_SIGNIFICANT_DIGITS,
} from '@openbroker/domain';
import { Button, ButtonGroup, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../shared/market/numbers.js';
import { useAccountCurrency } from '../../../shared/trading-accounts/currentAccount.js';
import { PendingOrderFields } from '../orders/PendingOrderFields.js';
import { WaitsForOpen } from '../orders/WaitsForOpen.js';
import { FieldFeedback } from '../ticket/FieldFeedback.js';
import type { NewTradeTicket } from './useNewTradeTicket.js';

const SIZE_LABEL = { amount: 'size.amount', units: 'size.units', lots: 'size.lots' } as const;

/**
 * The trade's size: the margin amount in the account currency (what is sent), or units of the instrument, or lots
 * (the switch above the field). Whatever is typed, the line below shows the other two, worked out by the domain at
 * the price the trade opens at; the free margin it may use is beside the label.
 */
export function AmountField({ ticket, controlId }: { ticket: NewTradeTicket; controlId: string }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const { currencySymbol } = useAccountCurrency();
  const { freeMargin, sizeMode, size } = ticket;
  const sizeFormat = new Intl.NumberFormat(i18n.language, {
    maximumSignificantDigits: SIZE_SIGNIFICANT_DIGITS,
  });
  const inAmount = sizeMode === 'amount';
  return (
    <Form.Group className="mb-3" controlId={controlId}>
      <div className="d-flex justify-content-between align-items-center gap-2 mb-2">
        <ButtonGroup size="sm" aria-label={t('size.mode')} className="ob-size-modes">
          {SIZE_MODES.map((mode) => (
            <Button
              key={mode}
              variant={mode === sizeMode ? 'secondary' : 'outline-secondary'}
              aria-pressed={mode === sizeMode}
              onClick={() => ticket.setSizeMode(mode)}
              disabled={ticket.disabled}
              data-testid={`trade-size-mode-${mode}`}
            >
              {t(SIZE_LABEL[mode])}
            </Button>
          ))}
        </ButtonGroup>
        <span className="small text-body-secondary ob-num text-end">
          {t('trade.freeMargin')}{' '}
          <span data-testid="trade-free-margin">
            {freeMargin === undefined ? '—' : money.format(freeMargin)}
          </span>
        </span>
      </div>
      <Form.Label visuallyHidden>{t(SIZE_LABEL[sizeMode])}</Form.Label>
      <InputGroup hasValidation>
        {inAmount && <InputGroup.Text>{currencySymbol}</InputGroup.Text>}
        <Form.Control
          type="number"
          inputMode="decimal"
          {...(inAmount
            ? {
                min: AMOUNT_MIN,
                step: AMOUNT_STEP,
                ...(freeMargin !== undefined && freeMargin >= AMOUNT_MIN ? { max: freeMargin } : {}),
              }
            : { min: 0, step: 'any' })}
          value={inAmount ? ticket.amount : ticket.sizeText}
          onChange={(event) => (inAmount ? ticket.setAmount : ticket.setSizeText)(event.target.value)}
          onBlur={ticket.touchAmount}
          isInvalid={!!ticket.amountError}
          disabled={ticket.disabled}
          data-testid={inAmount ? 'trade-amount' : 'trade-size'}
          className="ob-num"
        />
        {!inAmount && (
          <InputGroup.Text>
            {t(sizeMode === 'units' ? 'size.unitsSuffix' : 'size.lotsSuffix')}
          </InputGroup.Text>
        )}
      </InputGroup>
      <FieldFeedback message={ticket.amountError} title={t('trade.amount')} />
      <Form.Text className="d-block ob-num" data-testid="trade-size-equiv">
        {size && ticket.sizePrice ? (
          inAmount ? (
            t('size.fromAmount', {
              units: sizeFormat.format(size.units),
              lots: sizeFormat.format(size.lots),
              price: formatPrice(ticket.sizePrice),
            })
          ) : (
            <>
              <span className="d-block">{t('size.fromUnits', { amount: money.format(size.amount) })}</span>
              <span className="d-block">
                {t('size.equals', {
                  units: sizeFormat.format(size.units),
                  lots: sizeFormat.format(size.lots),
                })}
              </span>
            </>
          )
        ) : !inAmount ? (
          t('size.noPrice')
        ) : null}
        {ticket.instrument && !inAmount && (
          <span className="d-block">
            {t('size.lot', { size: sizeFormat.format(ticket.instrument.contractSize) })}
          </span>
        )}
      </Form.Text>
    </Form.Group>
  );
}

/** The leverage: the category's choices, the ones the client may not use shown locked. */
export function LeverageField({ ticket, controlId }: { ticket: NewTradeTicket; controlId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Group className="mb-3" controlId={controlId}>
      <Form.Label>{t('trade.leverage')}</Form.Label>
      <Form.Select
        value={ticket.leverage}
        onChange={(event) => ticket.setLeverage(event.target.value)}
        isInvalid={!!ticket.leverageError}
        disabled={ticket.disabled}
        data-testid="trade-leverage"
      >
        <option value="" disabled>
          {t('trade.chooseLeverage')}
        </option>
        {ticket.options.map((option) => (
          <option key={option.index} value={option.value} disabled={option.disabled}>
            1:{option.value}
            {option.disabled ? ` — ${t('trade.leverageLocked')}` : ''}
          </option>
        ))}
      </Form.Select>
      <FieldFeedback message={ticket.leverageError} title={t('trade.leverage')} />
    </Form.Group>
  );
}

/**
 * Market or pending order with its level and expiry; while the market is closed, a pending order waits for the
 * opening and a market order is not offered.
 */
export function PendingOrderSection({ ticket }: { ticket: NewTradeTicket }) {
  const { t } = useTranslation();
  const { quote, facts } = ticket;
  return (
    <div className="mb-3">
      <PendingOrderFields
        direction={ticket.direction}
        value={ticket.order}
        onChange={ticket.setOrder}
        errors={ticket.orderErrors}
        disabled={ticket.disabled}
        tick={facts.tick}
      />
      {ticket.ordersWhileClosed &&
        (ticket.pendingType ? (
          <WaitsForOpen
            quote={quote}
            nextOpen={facts.nextOpen}
            testId="trade-waits"
            showClosed={false}
            showLast={false}
          />
        ) : (
          <Form.Text className="d-block" data-testid="trade-choose-pending">
            {t('ord.closed.chooseType')}
          </Form.Text>
        ))}
    </div>
  );
}
