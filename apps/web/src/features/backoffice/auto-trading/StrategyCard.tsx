import { type Message, STRATEGY_TIMEFRAMES, type StrategyId, type StrategyOffer } from '@openbroker/domain';
import { useId } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { useMessageText } from '../../../ui/forms.js';
import { useBoFormat } from '../money/format.js';
import { BOUNDS, type Bound, type RangeDraft, rangePath, type StrategyDraft } from './offerDraft.js';

const BOUND_LABEL: Record<Bound, TranslationKey> = {
  min: 'boat.offer.col.min',
  default: 'boat.offer.col.default',
  max: 'boat.offer.col.max',
};

/**
 * One strategy in the brand's offer: offered or not, its timeframes, and each parameter's bounds
 * narrowed within the product's range (with a reset to it), each with its message.
 */
export function StrategyCard({
  id,
  draft,
  product,
  errors,
  onChange,
}: {
  id: StrategyId;
  draft: StrategyDraft;
  product: StrategyOffer;
  errors: Record<string, Message>;
  onChange: (next: StrategyDraft) => void;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const format = useBoFormat();
  const switchId = useId();
  const name = t(`boat.strategy.${id}` as TranslationKey);
  const timeframesError = errors[`strategies.${id}.timeframes`];
  const toggle = (timeframe: (typeof STRATEGY_TIMEFRAMES)[number]) => {
    const on = draft.timeframes.includes(timeframe);
    const next = on ? draft.timeframes.filter((x) => x !== timeframe) : [...draft.timeframes, timeframe];
    onChange({ ...draft, timeframes: STRATEGY_TIMEFRAMES.filter((x) => next.includes(x)) });
  };
  const setRange = (param: string, range: RangeDraft) =>
    onChange({ ...draft, ranges: { ...draft.ranges, [param]: range } });

  return (
    <section
      className={`boat-card${draft.offered ? '' : ' boat-card-off'}`}
      aria-label={name}
      data-testid={`boat-strategy-${id}`}
    >
      <header className="boat-card-head">
        <div>
          <h3 className="boat-card-title">
            <i
              className={`bi ${id === 'trend' ? 'bi-graph-up-arrow' : 'bi-arrow-left-right'} me-2`}
              aria-hidden="true"
            />
            {name}
          </h3>
          <p className="boat-muted mb-0">{t(`boat.strategy.${id}.lead` as TranslationKey)}</p>
        </div>
        <Form.Check
          type="switch"
          id={switchId}
          className="boat-offered"
          label={t('boat.offer.offered')}
          checked={draft.offered}
          onChange={(event) => onChange({ ...draft, offered: event.target.checked })}
          data-testid={`boat-offered-${id}`}
        />
      </header>
      {!draft.offered && <p className="boat-off-note">{t('boat.offer.notOffered')}</p>}
      <fieldset className="boat-tfs">
        <legend className="boat-sub-label">{t('boat.offer.timeframes')}</legend>
        <div className="boat-tf-list">
          {STRATEGY_TIMEFRAMES.filter((tf) => product.timeframes.includes(tf)).map((tf) => {
            const on = draft.timeframes.includes(tf);
            return (
              <button
                key={tf}
                type="button"
                className={`boat-tf${on ? ' boat-tf-on' : ''}`}
                aria-pressed={on}
                onClick={() => toggle(tf)}
                data-testid={`boat-tf-${id}-${tf}`}
              >
                <i className={`bi ${on ? 'bi-check-lg' : 'bi-plus'}`} aria-hidden="true" />
                {t(`boat.tf.${tf}` as TranslationKey)}
              </button>
            );
          })}
        </div>
        {timeframesError && (
          <div className="invalid-feedback d-block" role="alert">
            {text(timeframesError)}
          </div>
        )}
      </fieldset>
      <table className="boat-params">
        <thead>
          <tr>
            <th scope="col">{t('boat.offer.col.param')}</th>
            <th scope="col">{t('boat.offer.col.product')}</th>
            {BOUNDS.map((bound) => (
              <th key={bound} scope="col" className="boat-num-col">
                {t(BOUND_LABEL[bound])}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">{t('boat.offer.reset')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(product.ranges).map(([param, range]) => {
            const value = draft.ranges[param] ?? {
              min: String(range.min),
              default: String(range.default),
              max: String(range.max),
            };
            const label = t(`boat.param.${param}` as TranslationKey);
            const narrowed = Number(value.min) !== range.min || Number(value.max) !== range.max;
            return (
              <tr key={param} data-testid={`boat-param-${id}-${param}`}>
                <th scope="row" className="boat-param-name">
                  {label}
                  {narrowed && <span className="boat-narrowed">{t('boat.offer.narrowed')}</span>}
                </th>
                <td className="boat-product">
                  {t('boat.offer.productRange', {
                    min: format.number(range.min),
                    max: format.number(range.max),
                    step: format.number(range.step),
                  })}
                </td>
                {BOUNDS.map((bound) => {
                  const error = errors[rangePath(id, param, bound)];
                  return (
                    <td key={bound} className="boat-num-col">
                      <Form.Control
                        size="sm"
                        type="number"
                        inputMode="decimal"
                        min={range.min}
                        max={range.max}
                        step={range.step}
                        value={value[bound]}
                        isInvalid={Boolean(error)}
                        aria-label={t('boat.offer.fieldLabel', {
                          param: label,
                          bound: t(BOUND_LABEL[bound]),
                        })}
                        onChange={(event) => setRange(param, { ...value, [bound]: event.target.value })}
                        data-testid={`boat-${id}-${param}-${bound}`}
                      />
                      {error && (
                        <div className="invalid-feedback d-block boat-field-error">{text(error)}</div>
                      )}
                    </td>
                  );
                })}
                <td className="boat-reset-cell">
                  {narrowed && (
                    <Button
                      size="sm"
                      variant="link"
                      className="boat-reset"
                      title={t('boat.offer.resetLabel', { param: label })}
                      aria-label={t('boat.offer.resetLabel', { param: label })}
                      onClick={() =>
                        setRange(param, {
                          min: String(range.min),
                          default: String(range.default),
                          max: String(range.max),
                        })
                      }
                    >
                      <i className="bi bi-arrow-counterclockwise" aria-hidden="true" />
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
