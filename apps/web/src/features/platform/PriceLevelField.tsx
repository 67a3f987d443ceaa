import type { Message } from '@openbroker/domain';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../ui/forms.js';
import { levelTextOnTick } from './priceOnTick.js';

export interface PriceLevelFieldProps {
  /** Which level: the stop loss or the take profit (spec §5, either may be empty). */
  name: 'stop_lost' | 'take_profit';
  controlId: string;
  value: string;
  onChange: (value: string) => void;
  error: Message | null;
  disabled?: boolean;
  /** The instrument's tick: leaving the field rounds the level to it; null: left as typed. */
  tick?: number | null;
  testId: string;
}

/**
 * An optional stop-loss or take-profit price with its live validation message; on leaving the field the level is
 * put on the instrument's tick (domain `roundLevel`), as it is sent.
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
  const text = useMessageText();
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
      {error && (
        <Form.Control.Feedback type="invalid" className="d-block">
          {text(error, title)}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
