import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TextMessage } from '../../../ui/forms.js';
import { levelTextOnTick } from '../priceOnTick.js';
import { FieldFeedback } from './FieldFeedback.js';

export interface PriceLevelFieldProps {
  /** Which level: the stop loss or the take profit (spec §5, either may be empty). */
  name: 'stop_lost' | 'take_profit';
  controlId: string;
  value: string;
  onChange: (value: string) => void;
  /** The live check's message, or the server's for this field. */
  error: TextMessage | null | undefined;
  disabled?: boolean;
  /** The instrument's tick: leaving the field rounds the level to it; null: left as typed. */
  tick?: number | null;
  testId: string;
}

/**
 * An optional stop-loss or take-profit price with its live validation message; on leaving the field the level is
 * put on the instrument's tick (domain `roundLevel`), as it is sent. The new-trade panel, the new and edited
 * orders and the edited position all ask for their levels with it.
 */
export function PriceLevelField({
  name,
  controlId,
  value,
  onChange,
  error,
  disabled,
  tick = null,
  testId,
}: PriceLevelFieldProps) {
  const { t } = useTranslation();
  const title = t(name === 'stop_lost' ? 'trade.stopLoss' : 'trade.takeProfit');
  return (
    <Form.Group className="col-6" controlId={controlId}>
      <Form.Label>{title}</Form.Label>
      <Form.Control
        type="number"
        inputMode="decimal"
        step={tick ?? 'any'}
        min={0}
        placeholder={t('trade.optional')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => {
          const rounded = levelTextOnTick(value, tick);
          if (rounded !== value) onChange(rounded);
        }}
        isInvalid={!!error}
        disabled={disabled}
        data-testid={testId}
        className="ob-num"
      />
      <FieldFeedback message={error} title={title} />
    </Form.Group>
  );
}

/** The stop-loss and take-profit pair, each with its own message, for the caller's row of fields. */
export function PriceLevelPair({
  idPrefix,
  testIdPrefix,
  stopLoss,
  takeProfit,
  onStopLoss,
  onTakeProfit,
  errors,
  disabled,
  tick,
}: {
  idPrefix: string;
  /** The fields' test ids: `${testIdPrefix}-stop-loss` and `${testIdPrefix}-take-profit`. */
  testIdPrefix: string;
  stopLoss: string;
  takeProfit: string;
  onStopLoss: (value: string) => void;
  onTakeProfit: (value: string) => void;
  errors: { stop_lost?: TextMessage | null | undefined; take_profit?: TextMessage | null | undefined };
  disabled?: boolean;
  tick: number | null;
}) {
  return (
    <>
      <PriceLevelField
        name="stop_lost"
        controlId={`${idPrefix}-sl`}
        value={stopLoss}
        onChange={onStopLoss}
        error={errors.stop_lost}
        {...(disabled !== undefined ? { disabled } : {})}
        tick={tick}
        testId={`${testIdPrefix}-stop-loss`}
      />
      <PriceLevelField
        name="take_profit"
        controlId={`${idPrefix}-tp`}
        value={takeProfit}
        onChange={onTakeProfit}
        error={errors.take_profit}
        {...(disabled !== undefined ? { disabled } : {})}
        tick={tick}
        testId={`${testIdPrefix}-take-profit`}
      />
    </>
  );
}
