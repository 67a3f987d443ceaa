import {
  checkAlertExpiry,
  checkAlertValue,
  isMessageKey,
  type Message,
  PRICE_ALERT_KINDS,
  PRICE_ALERT_NOTE_MAX,
  PriceAlertCreateInput,
  type PriceAlertDto,
  type PriceAlertKind,
  type PriceAlertSide,
  zodIssuesToMessages,
} from '@openbroker/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/ApiError.js';
import { useQuote } from '../../../shared/market/useQuotes.js';
import { FormAlert, useMessageText } from '../../../ui/forms.js';

type Field = 'value' | 'expires_at' | 'note' | 'kind' | 'side';

/** 'YYYY-MM-DDTHH:mm' in the browser's time zone (a datetime-local value) of an instant. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export interface AlertFormProps {
  symbol: string;
  /** Decimals of the instrument's prices. */
  precision: number;
  /** The alert being edited; none: a new alert. */
  alert?: PriceAlertDto;
  onSave: (input: PriceAlertCreateInput, id?: number) => Promise<void>;
  onClose: () => void;
}

/**
 * The dialog that sets or edits a price alert: above or below a price, or a move of N % either way, on the bid or
 * the ask the client trades at (prefilled with the price now); an optional expiry and note. The domain's rules
 * explain a wrong value before it is sent; the server's refusals show on their field.
 */
export function AlertForm({ symbol, precision, alert, onSave, onClose }: AlertFormProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const id = useId();
  const quote = useQuote(symbol);
  const live = quote.status === 'live' ? quote.dealing : null;
  const [kind, setKind] = useState<PriceAlertKind>(alert?.kind ?? 'above');
  const [side, setSide] = useState<PriceAlertSide>(alert?.side ?? 'bid');
  const priceOf = (s: PriceAlertSide) => (live ? (s === 'bid' ? live.sell : live.buy) : null);
  const [value, setValue] = useState<string>(() => {
    if (alert) return String(alert.value);
    const now = priceOf('bid');
    return now === null ? '' : now.toFixed(precision);
  });
  const [expiry, setExpiry] = useState(localInput(alert?.expires_at ?? null));
  const [note, setNote] = useState(alert?.note ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, Message>>>({});
  const [refusal, setRefusal] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const current = priceOf(side);
  // a form opened before the first price arrived is filled with it once it does (unless the client typed)
  const [typed, setTyped] = useState(!!alert);
  useEffect(() => {
    if (!typed && value === '' && current !== null && kind !== 'move') setValue(current.toFixed(precision));
  }, [typed, value, current, kind, precision]);

  const changeKind = (next: PriceAlertKind) => {
    setKind(next);
    // a move is a percentage: the price is no sensible default for it
    if (next === 'move' && kind !== 'move') setValue('1');
    if (next !== 'move' && kind === 'move' && current !== null) setValue(current.toFixed(precision));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const parsed = PriceAlertCreateInput.safeParse({
      symbol,
      kind,
      side,
      value,
      expires_at: expiry ? new Date(expiry).toISOString() : null,
      note,
    });
    const found: Partial<Record<Field, Message>> = {};
    if (!parsed.success) {
      for (const m of zodIssuesToMessages(parsed.error)) {
        const field = m.path as Field;
        found[field] ??= { key: m.key, ...(m.params ? { params: m.params } : {}) };
      }
    } else {
      const valueProblem = checkAlertValue(parsed.data.kind, parsed.data.value, precision);
      if (valueProblem) found.value = valueProblem;
      const expiryProblem = checkAlertExpiry(parsed.data.expires_at, Date.now());
      if (expiryProblem) found.expires_at = expiryProblem;
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onSave(parsed.data, alert?.id);
      onClose();
    } catch (error) {
      if (isApiError(error)) {
        const fieldErrors: Partial<Record<Field, Message>> = {};
        for (const e of error.errors) {
          const path = (Array.isArray(e.path) ? e.path.join('.') : e.path) as Field;
          if (isMessageKey(e.key))
            fieldErrors[path] = { key: e.key, ...(e.params ? { params: e.params } : {}) };
        }
        setErrors(fieldErrors);
        if (Object.keys(fieldErrors).length === 0) setRefusal(error.toMessage({ key: 'error.internal' }));
      } else setRefusal({ key: 'error.internal' });
    } finally {
      setBusy(false);
    }
  };

  const feedback = (field: Field) =>
    errors[field] && (
      <Form.Control.Feedback type="invalid" className="d-block" data-testid={`alert-error-${field}`}>
        {text(errors[field] as Message)}
      </Form.Control.Feedback>
    );

  return (
    <Modal show onHide={onClose} centered data-testid="alert-form">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('alerts.cancel')}>
          <Modal.Title as="h2" className="h5">
            {alert ? t('alerts.editTitle', { symbol }) : t('alerts.newTitle', { symbol })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="d-flex flex-column gap-3">
          <FormAlert message={refusal} />
          <Form.Group controlId={`${id}-kind`}>
            <Form.Label>{t('alerts.kind')}</Form.Label>
            <Form.Select
              value={kind}
              onChange={(e) => changeKind(e.target.value as PriceAlertKind)}
              data-testid="alert-kind"
            >
              {PRICE_ALERT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`alerts.kind.${k}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group>
            <Form.Label as="div" id={`${id}-side`}>
              {t('alerts.side')}
            </Form.Label>
            <div role="radiogroup" aria-labelledby={`${id}-side`} className="d-flex gap-3">
              {(['bid', 'ask'] as const).map((s) => (
                <Form.Check
                  key={s}
                  type="radio"
                  id={`${id}-side-${s}`}
                  name={`${id}-side`}
                  checked={side === s}
                  onChange={() => setSide(s)}
                  label={`${t(`alerts.side.${s}`)}${priceOf(s) === null ? '' : ` · ${(priceOf(s) as number).toFixed(precision)}`}`}
                  data-testid={`alert-side-${s}`}
                />
              ))}
            </div>
          </Form.Group>
          <Form.Group controlId={`${id}-value`}>
            <Form.Label>{kind === 'move' ? t('alerts.percent') : t('alerts.price')}</Form.Label>
            <Form.Control
              inputMode="decimal"
              autoComplete="off"
              value={value}
              isInvalid={!!errors.value}
              onChange={(e) => {
                setTyped(true);
                setValue(e.target.value);
              }}
              data-testid="alert-value"
            />
            {feedback('value')}
            {!errors.value && current !== null && (
              <Form.Text>
                {kind === 'move'
                  ? t('alerts.moveHint', { price: current.toFixed(precision) })
                  : t('alerts.priceNow', { price: current.toFixed(precision) })}
              </Form.Text>
            )}
          </Form.Group>
          <Form.Group controlId={`${id}-expiry`}>
            <Form.Label>
              {t('alerts.expiry')} <span className="text-body-secondary small">({t('alerts.optional')})</span>
            </Form.Label>
            <Form.Control
              type="datetime-local"
              value={expiry}
              isInvalid={!!errors.expires_at}
              onChange={(e) => setExpiry(e.target.value)}
              data-testid="alert-expiry"
            />
            {feedback('expires_at')}
          </Form.Group>
          <Form.Group controlId={`${id}-note`}>
            <Form.Label>
              {t('alerts.note')} <span className="text-body-secondary small">({t('alerts.optional')})</span>
            </Form.Label>
            <Form.Control
              value={note}
              maxLength={PRICE_ALERT_NOTE_MAX + 20}
              isInvalid={!!errors.note}
              onChange={(e) => setNote(e.target.value)}
              data-testid="alert-note"
            />
            {feedback('note')}
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {t('alerts.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={busy} data-testid="alert-save">
            {alert ? t('alerts.save') : t('alerts.create')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
