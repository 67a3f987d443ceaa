import {
  defaultIndicatorConfig,
  INDICATOR_PARAMS,
  type IndicatorConfig,
  type IndicatorParamIssue,
  indicatorParamNames,
  type ParamSpec,
  validateIndicatorParams,
} from '@openbroker/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ChartIndicator } from './chartView.js';
import { INDICATOR_SHORT } from './indicatorLabel.js';

type Values = Record<string, string>;
/** Every indicator's parameter names (their labels are `chart.param.<name>`). */
type ParamName = 'period' | 'stdDev' | 'fast' | 'slow' | 'signal' | 'kPeriod' | 'dPeriod' | 'smoothing';

const asTexts = (params: IndicatorConfig['params']): Values =>
  Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));

/**
 * An indicator's parameters: a number field each with its range, checked as the client types (the domain's
 * schema), applied only when all are valid.
 */
export function IndicatorDialog({
  indicator,
  onApply,
  onClose,
}: {
  indicator: ChartIndicator;
  onApply: (params: IndicatorConfig['params']) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<Values>(() => asTexts(indicator.params));
  const specs = INDICATOR_PARAMS[indicator.kind] as Record<string, ParamSpec>;
  const result = validateIndicatorParams(indicator.kind, values);
  const issues = new Map<string, IndicatorParamIssue>(result.ok ? [] : result.issues.map((i) => [i.path, i]));
  const long = t(`chart.indicator.${indicator.kind}`);
  const short = INDICATOR_SHORT[indicator.kind];
  const name = long === short ? long : `${long} (${short})`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!result.ok) return;
    onApply(result.value);
    onClose();
  };

  return (
    <Modal
      show
      onHide={onClose}
      centered
      size="sm"
      aria-labelledby={`${id}-title`}
      data-testid="chart-indicator-dialog"
    >
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('app.close')}>
          <Modal.Title id={`${id}-title`} className="fs-6">
            {t('chart.indicator.settings', { name })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {(indicatorParamNames(indicator.kind) as ParamName[]).map((param) => {
            const spec = specs[param] as ParamSpec;
            const issue = issues.get(param);
            const fieldId = `${id}-${param}`;
            return (
              <Form.Group key={param} className="mb-3" controlId={fieldId}>
                <Form.Label>{t(`chart.param.${param}`)}</Form.Label>
                <Form.Control
                  type="number"
                  inputMode={spec.integer ? 'numeric' : 'decimal'}
                  min={spec.min}
                  max={spec.max}
                  step={spec.step}
                  value={values[param] ?? ''}
                  onChange={(event) => setValues((was) => ({ ...was, [param]: event.target.value }))}
                  isInvalid={!!issue}
                  aria-describedby={`${fieldId}-range`}
                  data-testid={`chart-param-${param}`}
                />
                {issue ? (
                  <Form.Control.Feedback type="invalid" data-testid={`chart-param-${param}-error`}>
                    {t(`chart.param.error.${issue.code}`, {
                      min: issue.params?.min ?? '',
                      max: issue.params?.max ?? '',
                    })}
                  </Form.Control.Feedback>
                ) : null}
                <Form.Text id={`${fieldId}-range`} muted>
                  {t('chart.param.range', { min: spec.min, max: spec.max })}
                </Form.Text>
              </Form.Group>
            );
          })}
        </Modal.Body>
        <Modal.Footer className="justify-content-between">
          <Button
            variant="link"
            className="px-0"
            onClick={() => setValues(asTexts(defaultIndicatorConfig(indicator.kind).params))}
            data-testid="chart-indicator-defaults"
          >
            {t('chart.indicator.defaults')}
          </Button>
          <div className="d-flex gap-2">
            <Button variant="outline-secondary" onClick={onClose}>
              {t('chart.indicator.cancel')}
            </Button>
            <Button type="submit" disabled={!result.ok} data-testid="chart-indicator-apply">
              {t('chart.indicator.apply')}
            </Button>
          </div>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
