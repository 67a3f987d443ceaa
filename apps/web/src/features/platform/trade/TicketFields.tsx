import { AMOUNT_MIN, AMOUNT_STEP } from '@openbroker/domain';
import { Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../lib/BrandProvider.js';
import { useMoney } from '../../../shared/market/numbers.js';
import { PendingOrderFields } from '../orders/PendingOrderFields.js';
import { WaitsForOpen } from '../orders/WaitsForOpen.js';
import { FieldFeedback } from '../ticket/FieldFeedback.js';
import type { NewTradeTicket } from './useNewTradeTicket.js';

/** The trade's amount in the account currency, with the free margin it may use beside its label. */
export function AmountField({ ticket, controlId }: { ticket: NewTradeTicket; controlId: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { currencySymbol } = useBrand();
  const { freeMargin } = ticket;
  return (
    <Form.Group className="mb-3" controlId={controlId}>
      <div className="d-flex justify-content-between align-items-baseline">
        <Form.Label>{t('trade.amount')}</Form.Label>
        <span className="small text-body-secondary ob-num">
          {t('trade.freeMargin')}{' '}
          <span data-testid="trade-free-margin">
            {freeMargin === undefined ? '—' : money.format(freeMargin)}
          </span>
        </span>
      </div>
      <InputGroup hasValidation>
        <InputGroup.Text>{currencySymbol}</InputGroup.Text>
        <Form.Control
          type="number"
          inputMode="decimal"
          min={AMOUNT_MIN}
          step={AMOUNT_STEP}
          {...(freeMargin !== undefined && freeMargin >= AMOUNT_MIN ? { max: freeMargin } : {})}
          value={ticket.amount}
          onChange={(event) => ticket.setAmount(event.target.value)}
          onBlur={ticket.touchAmount}
          isInvalid={!!ticket.amountError}
          disabled={ticket.disabled}
          data-testid="trade-amount"
          className="ob-num"
        />
      </InputGroup>
      <FieldFeedback message={ticket.amountError} title={t('trade.amount')} />
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
