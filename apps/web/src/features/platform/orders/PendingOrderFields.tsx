import type { Direction } from '@openbroker/domain';
import { useId } from 'react';
import { ButtonGroup, Form, ToggleButton } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../ui/forms.js';
import { levelTextOnTick } from '../priceOnTick.js';
import { levelSide, type PendingOrderErrors, type PendingOrderValue } from './pendingOrder.js';

export interface PendingOrderFieldsProps {
  direction: Direction;
  value: PendingOrderValue;
  onChange: (value: PendingOrderValue) => void;
  /** Messages to show under the level and expiry (from `checkPendingOrder`, or the server's). */
  errors?: PendingOrderErrors;
  disabled?: boolean;
  /** Hide the market choice (the Orders tab's own form places only pending orders). */
  pendingOnly?: boolean;
  /** Hide the type choice altogether (editing a placed order: its type stays). */
  hideType?: boolean;
  /** The instrument's tick: leaving the level rounds it to it; null: left as typed. */
  tick?: number | null;
}

const TYPES = ['market', 'limit', 'stop'] as const;

/**
 * The order-type part of a ticket: market, or a limit/stop at a level with an expiry (good till cancelled,
 * end of day = the next 22:00 UTC rollover, or a date). Controlled: the ticket holds the value and sends
 * `placeOrder` (useOrders) when the type is not market.
 */
export function PendingOrderFields({
  direction,
  value,
  onChange,
  errors = {},
  disabled,
  pendingOnly,
  hideType,
  tick = null,
}: PendingOrderFieldsProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const id = useId();
  const set = (patch: Partial<PendingOrderValue>) => onChange({ ...value, ...patch });
  const types = pendingOnly ? TYPES.filter((type) => type !== 'market') : TYPES;
  const levelTitle = t('ord.field.level');
  return (
    <div className="ob-pending-fields" data-testid="pending-order-fields">
      {!hideType && (
        <ButtonGroup size="sm" className="w-100 mb-2" aria-label={t('ord.field.type')}>
          {types.map((type) => (
            <ToggleButton
              key={type}
              id={`${id}-type-${type}`}
              type="radio"
              variant="outline-secondary"
              name={`${id}-type`}
              value={type}
              checked={value.type === type}
              disabled={disabled}
              onChange={() => set({ type })}
              data-testid={`order-type-${type}`}
            >
              {t(`ord.field.type.${type}`)}
            </ToggleButton>
          ))}
        </ButtonGroup>
      )}
      {value.type !== 'market' && (
        <div className="row g-2">
          <Form.Group className="col-6" controlId={`${id}-level`}>
            <Form.Label>{levelTitle}</Form.Label>
            <Form.Control
              type="number"
              inputMode="decimal"
              step={tick ?? 'any'}
              min={0}
              value={value.level}
              onChange={(event) => set({ level: event.target.value })}
              onBlur={() => {
                const level = levelTextOnTick(value.level, tick);
                if (level !== value.level) set({ level });
              }}
              isInvalid={!!errors.level}
              disabled={disabled}
              className="ob-num"
              data-testid="order-level"
            />
            {errors.level ? (
              <Form.Control.Feedback type="invalid" className="d-block" data-testid="order-level-error">
                {text(errors.level, levelTitle)}
              </Form.Control.Feedback>
            ) : (
              <Form.Text>{t(`ord.level.hint.${levelSide(direction, value.type)}`)}</Form.Text>
            )}
          </Form.Group>
          <Form.Group className="col-6" controlId={`${id}-expiry`}>
            <Form.Label>{t('ord.field.expiry')}</Form.Label>
            <Form.Select
              value={value.expiry}
              onChange={(event) => set({ expiry: event.target.value as PendingOrderValue['expiry'] })}
              disabled={disabled}
              data-testid="order-expiry"
            >
              <option value="gtc">{t('ord.expiry.gtc')}</option>
              <option value="eod">{t('ord.expiry.eod')}</option>
              <option value="date">{t('ord.expiry.date')}</option>
            </Form.Select>
          </Form.Group>
          {value.expiry === 'date' && (
            <Form.Group className="col-12" controlId={`${id}-expiry-date`}>
              <Form.Label className="visually-hidden">{t('ord.expiry.date')}</Form.Label>
              <Form.Control
                type="datetime-local"
                value={value.expiryDate}
                onChange={(event) => set({ expiryDate: event.target.value })}
                isInvalid={!!errors.expiry}
                disabled={disabled}
                data-testid="order-expiry-date"
              />
            </Form.Group>
          )}
          {errors.expiry && (
            <div className="invalid-feedback d-block col-12" data-testid="order-expiry-error">
              {text(errors.expiry, t('ord.field.expiry'))}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
