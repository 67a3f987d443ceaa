import type { AutoTradingSettings, BacktestDto, Message, StrategyTimeframe } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button, Card, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/ApiError.js';
import { autoTradingApi } from '../../api/autoTrading.js';
import { useSiteSettings } from '../../shared/site/useSiteSettings.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FormAlert, type TextMessage, useMessageText } from '../../ui/forms.js';
import { BacktestResult } from './BacktestResult.js';

// the chart library loads with the first result, as the terminal's chart does (it stays out of the main bundle)

/** The brand's risk warning (site settings, staff edit it) and the backtest's own caveat, always beside the figures. */
export function RiskWarning() {
  const { t } = useTranslation();
  const site = useSiteSettings();
  const brandText = typeof site?.risk_warning === 'string' ? site.risk_warning.trim() : '';
  return (
    <aside className="ob-at-risk" aria-label={t('at.risk.title')} data-testid="backtest-risk">
      <i className="bi bi-exclamation-triangle" aria-hidden="true" />
      <div>
        <div className="fw-semibold">{t('at.risk.title')}</div>
        <p className="mb-1">{brandText || t('at.risk.default')}</p>
        <p className="mb-0 fw-medium" data-testid="backtest-past-results">
          {t('at.risk.past')}
        </p>
      </div>
    </aside>
  );
}

/**
 * The backtest: the form's settings on one instrument's last 12 months, run by the server with the same
 * domain code that trades live; equity curve, figures and the latest trades, with the risk warning beside them.
 * `onTested` hears the key of the settings a test ran on, so the page can allow the first switch-on.
 */
export function BacktestPanel({
  token,
  settings,
  invalid,
  currentKey,
  symbols,
  onTested,
}: {
  token: string;
  /** The form's settings when they pass the check; null while they do not. */
  settings: AutoTradingSettings | null;
  /** While they do not: the first thing to correct. */
  invalid: TextMessage | null;
  currentKey: string | null;
  /** Instruments to test on: the form's choice (the strategy trades nothing else, in a test as live). */
  symbols: readonly { symbol: string; name: string }[];
  onTested: (key: string) => void;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const id = useId();
  const [picked, setPicked] = useState<string | null>(null);
  const symbol = symbols.some((s) => s.symbol === picked) ? picked : (symbols[0]?.symbol ?? null);
  const [done, setDone] = useState<{ result: BacktestDto; key: string; timeframe: StrategyTimeframe } | null>(
    null,
  );
  const [failure, setFailure] = useState<Message | null>(null);
  const run = useMutation({
    mutationFn: (input: { settings: AutoTradingSettings; symbol: string; key: string }) =>
      autoTradingApi.backtest(token, { settings: input.settings, symbol: input.symbol }),
    onMutate: () => setFailure(null),
    onSuccess: (result, input) => {
      setDone({ result, key: input.key, timeframe: input.settings.params.timeframe });
      onTested(input.key);
    },
    onError: (error) =>
      setFailure(isApiError(error) ? error.toMessage({ key: 'error.internal' }) : { key: 'error.internal' }),
  });
  const start = () => {
    if (!settings || !currentKey || !symbol) return;
    run.mutate({ settings, symbol, key: currentKey });
  };

  return (
    <Card className="ob-card" id="backtest" data-testid="backtest-panel">
      <Card.Header className="ob-card-header">
        <h2 className="ob-card-title">
          <i className="bi bi-graph-up-arrow me-2" aria-hidden="true" />
          {t('at.backtest.title')}
        </h2>
      </Card.Header>
      <Card.Body className="p-3 p-md-4">
        <p className="small text-body-secondary">{t('at.backtest.lead')}</p>
        <div className="ob-at-backtest-run">
          <Form.Group controlId={`${id}-symbol`} className="flex-grow-1">
            <Form.Label className="visually-hidden">{t('at.backtest.symbol')}</Form.Label>
            <Form.Select
              value={symbol ?? ''}
              onChange={(event) => setPicked(event.target.value)}
              disabled={symbols.length === 0}
              data-testid="backtest-symbol"
            >
              {symbols.map((s) => (
                <option key={s.symbol} value={s.symbol}>
                  {s.symbol} · {s.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Button
            variant="primary"
            onClick={start}
            disabled={!settings || !symbol || run.isPending}
            data-testid="backtest-run"
            className="text-nowrap"
          >
            {run.isPending ? (
              <>
                <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
                {t('at.backtest.running')}
              </>
            ) : (
              <>
                <i className="bi bi-play-fill me-1" aria-hidden="true" />
                {t('at.backtest.run')}
              </>
            )}
          </Button>
        </div>
        {!settings && (
          <div className="small text-danger-emphasis mt-2" data-testid="backtest-invalid">
            <i className="bi bi-exclamation-circle me-1" aria-hidden="true" />
            {t('at.backtest.invalid')} {invalid && text(invalid)}
          </div>
        )}
        <FormAlert message={failure} />
        <div className="mt-3" aria-busy={run.isPending} aria-live="polite">
          {done ? (
            <BacktestResult result={done.result} timeframe={done.timeframe} stale={done.key !== currentKey} />
          ) : (
            <EmptyState icon="bi-graph-up">{t('at.backtest.empty')}</EmptyState>
          )}
        </div>
        <RiskWarning />
      </Card.Body>
    </Card>
  );
}
