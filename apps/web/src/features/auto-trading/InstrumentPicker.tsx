import { useId, useMemo, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export interface PickerInstrument {
  symbol: string;
  name: string;
  category: string;
}

/**
 * A multi-select of instruments for the strategy: the chosen ones as removable chips, then a searchable list grouped
 * by category (checkboxes, so keyboard and screen readers work as with any form field).
 */
export function InstrumentPicker({
  instruments,
  value,
  onChange,
  invalid,
  labelledBy,
}: {
  instruments: readonly PickerInstrument[];
  value: readonly string[];
  onChange: (symbols: string[]) => void;
  invalid: boolean;
  /** The id of the field's label. */
  labelledBy: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState('');
  const groups = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const byCategory = new Map<string, PickerInstrument[]>();
    for (const instrument of instruments) {
      if (
        needle &&
        !instrument.symbol.toLowerCase().includes(needle) &&
        !instrument.name.toLowerCase().includes(needle)
      )
        continue;
      const list = byCategory.get(instrument.category) ?? [];
      list.push(instrument);
      byCategory.set(instrument.category, list);
    }
    return [...byCategory.entries()];
  }, [instruments, search]);
  const toggle = (symbol: string, on: boolean) =>
    onChange(on ? [...value.filter((s) => s !== symbol), symbol] : value.filter((s) => s !== symbol));

  return (
    <div className={invalid ? 'ob-at-picker is-invalid' : 'ob-at-picker'} data-testid="instrument-picker">
      <div className="ob-at-chips" aria-live="polite">
        {value.length === 0 ? (
          <span className="small text-body-secondary">{t('at.field.symbols.empty')}</span>
        ) : (
          value.map((symbol) => (
            <span key={symbol} className="ob-at-chip" data-testid={`instrument-chip-${symbol}`}>
              {symbol}
              <button
                type="button"
                className="ob-at-chip-remove"
                onClick={() => toggle(symbol, false)}
                aria-label={t('at.field.symbols.remove', { symbol })}
              >
                <i className="bi bi-x" aria-hidden="true" />
              </button>
            </span>
          ))
        )}
        <span className="ms-auto small text-body-secondary text-nowrap">
          {t('at.field.symbols.selected', { count: value.length })}
        </span>
      </div>
      <div className="ob-at-picker-search">
        <i className="bi bi-search" aria-hidden="true" />
        <Form.Control
          type="search"
          size="sm"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('at.field.symbols.search')}
          aria-label={t('at.field.symbols.search')}
          data-testid="instrument-search"
        />
      </div>
      <fieldset className="ob-at-picker-list" aria-labelledby={labelledBy}>
        {groups.length === 0 && (
          <div className="small text-body-secondary p-2">{t('at.field.symbols.none')}</div>
        )}
        {groups.map(([category, list]) => (
          <fieldset key={category} className="ob-at-picker-group">
            <legend>{category}</legend>
            {list.map((instrument) => (
              <Form.Check
                key={instrument.symbol}
                id={`${id}-${instrument.symbol}`}
                className="ob-at-picker-item"
                checked={value.includes(instrument.symbol)}
                onChange={(event) => toggle(instrument.symbol, event.target.checked)}
                data-testid={`instrument-option-${instrument.symbol}`}
                label={
                  <>
                    <span className="fw-semibold">{instrument.symbol}</span>
                    <span className="text-body-secondary ms-2 small">{instrument.name}</span>
                  </>
                }
              />
            ))}
          </fieldset>
        ))}
      </fieldset>
    </div>
  );
}
