import { AMOUNT_MIN, AMOUNT_STEP } from '@openbroker/domain';
import { useId, useState } from 'react';
import { Alert, Button, ButtonGroup, Card, Form, ToggleButton } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

type Direction = 'buy' | 'sell';

/**
 * spec §2 new-trade panel: buy/sell, amount, leverage. spec §8: the panel shows 'temporarily unavailable'
 * when there is no price, which is always the case until the price feed is connected.
 */
export function NewTradePanel({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [direction, setDirection] = useState<Direction>('buy');
  const hasPrice = false;
  return (
    <Card className="ob-card" data-testid="new-trade-panel">
      <Card.Header className="ob-card-header d-flex align-items-center justify-content-between">
        <h2 className="ob-card-title">{t('platform.newTrade')}</h2>
        <span className="ob-symbol">{symbol}</span>
      </Card.Header>
      <Card.Body>
        <Form onSubmit={(event) => event.preventDefault()}>
          <ButtonGroup className="w-100 mb-3 ob-direction" role="radiogroup">
            {(['sell', 'buy'] as const).map((value) => (
              <ToggleButton
                key={value}
                id={`${id}-${value}`}
                type="radio"
                name={`${id}-direction`}
                value={value}
                checked={direction === value}
                onChange={() => setDirection(value)}
                variant={value === 'buy' ? 'outline-success' : 'outline-danger'}
                className="ob-direction-button"
              >
                <span className="d-block fw-semibold">{t(value === 'buy' ? 'trade.buy' : 'trade.sell')}</span>
                <span className="d-block small ob-price">—</span>
              </ToggleButton>
            ))}
          </ButtonGroup>
          <Form.Group className="mb-3" controlId={`${id}-amount`}>
            <Form.Label>{t('trade.amount')}</Form.Label>
            <Form.Control
              type="number"
              inputMode="decimal"
              min={AMOUNT_MIN}
              step={AMOUNT_STEP}
              disabled={!hasPrice}
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId={`${id}-leverage`}>
            <Form.Label>{t('trade.leverage')}</Form.Label>
            <Form.Select disabled={!hasPrice} defaultValue="">
              <option value="" disabled>
                {t('trade.chooseLeverage')}
              </option>
            </Form.Select>
          </Form.Group>
          {!hasPrice && (
            <Alert variant="warning" className="ob-form-alert py-2 small" data-testid="trade-unavailable">
              <i className="bi bi-pause-circle me-2" aria-hidden="true" />
              {t('trade.temporarilyUnavailableLower')}
            </Alert>
          )}
          <Button
            type="submit"
            variant={direction === 'buy' ? 'success' : 'danger'}
            className="w-100"
            disabled={!hasPrice}
          >
            {t('trade.open')}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
