import type { Message } from '@openbroker/domain';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../ui/forms.js';

export interface PriceLevelFieldProps {
  /** Which level: the stop loss or the take profit (spec §5, either may be empty). */
  name: 'stop_lost' | 'take_profit';
  controlId: string;
  value: string;
  onChange: (value: string) => void;
  error: Message | null;
  disabled?: boolean;
  testId: string;
}

/** An optional stop-loss or take-profit price with its live validation message. */
export function PriceLevelField({
  name,
  controlId,
  value,
  onChange,
  error,
  disabled,
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
        step="any"
        min={0}
        placeholder={t('trade.optional')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
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
