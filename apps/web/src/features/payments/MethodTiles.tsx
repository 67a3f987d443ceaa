import type { PaymentMethodDto } from '@openbroker/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { KIND_INFO } from './methods.js';

/** The brand's deposit methods as selectable tiles (a radio group); titles come from the server. */
export function MethodTiles({
  methods,
  selected,
  onSelect,
  invalid,
  labelledBy,
}: {
  methods: readonly PaymentMethodDto[];
  selected: string | undefined;
  onSelect: (method: PaymentMethodDto) => void;
  invalid?: boolean;
  labelledBy: string;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <div
      className={`ob-methods ${invalid ? 'is-invalid' : ''}`}
      role="radiogroup"
      aria-labelledby={labelledBy}
      data-testid="payment-methods"
    >
      {methods.map((method) => {
        const info = KIND_INFO[method.kind];
        const checked = method.provider === selected;
        return (
          <label
            key={method.provider}
            className={`ob-method ${checked ? 'ob-method-active' : ''}`}
            data-testid={`payment-method-${method.provider}`}
            data-selected={checked}
          >
            <input
              type="radio"
              className="ob-method-input"
              name={name}
              value={method.provider}
              checked={checked}
              onChange={() => onSelect(method)}
            />
            <span className={`ob-method-icon ob-method-icon-${method.kind}`} aria-hidden="true">
              <i className={`bi ${info.icon}`} />
            </span>
            <span className="ob-method-text">
              <span className="ob-method-title">{method.title}</span>
              <span className="ob-method-hint">{t(info.hint)}</span>
            </span>
            <i
              className={`bi ${checked ? 'bi-check-circle-fill' : 'bi-circle'} ob-method-check`}
              aria-hidden="true"
            />
          </label>
        );
      })}
    </div>
  );
}
