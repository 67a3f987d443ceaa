import { AMOUNT_MIN, AMOUNT_STEP, ONE_CLICK_AMOUNT_MAX, ONE_CLICK_FALLBACK_AMOUNT } from '@openbroker/domain';
import { type FormEvent, useId, useState } from 'react';
import { Alert, Button, Form, InputGroup, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Instrument } from '../../../api/types.js';
import { useMoney } from '../../../shared/market/numbers.js';
import { useAssets } from '../../../shared/market/useMarketData.js';
import { useAuth } from '../../../shared/session/useAuth.js';
import { useAccountCurrency } from '../../../shared/trading-accounts/currentAccount.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { leverageChoices, pickableLeverages } from '../trade/leverageChoices.js';
import { tradeUserOf, useAccountRights } from '../trade/tradeUser.js';
import { useOneClickSettings } from './useOneClick.js';
import { useOneClickSize } from './useOneClickTrade.js';

/**
 * One-click trading's settings: switching it on takes the risk acknowledgement (what a click does, at what price,
 * with what size; a box to tick), switching it off takes one click. The default size of the instrument on screen
 * (margin amount and leverage, the leverages the client may use) is set here too.
 */
export function OneClickDialog({
  instrument,
  onClose,
}: {
  instrument: Instrument | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const money = useMoney();
  const one = useOneClickSettings();
  const [ticked, setTicked] = useState(false);
  const acknowledgedAt = one.settings?.acknowledgedAt;

  return (
    <Modal show onHide={onClose} centered scrollable aria-labelledby={`${id}-title`} data-testid="oc-dialog">
      <Modal.Header closeButton closeLabel={t('oc.close')}>
        <Modal.Title id={`${id}-title`} className="fs-6">
          <i className="bi bi-lightning-charge me-2" aria-hidden="true" />
          {t('oc.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {one.on ? (
          <div className="mb-3" data-testid="oc-state-on">
            <p className="mb-1 fw-semibold">{t('oc.isOn')}</p>
            {acknowledgedAt && (
              <p className="small text-body-secondary mb-2">
                {t('oc.acknowledged', {
                  date: new Date(acknowledgedAt).toLocaleString(i18n.language, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  }),
                })}
              </p>
            )}
            <Button
              variant="outline-danger"
              size="sm"
              disabled={one.saving}
              onClick={() => void one.switchOff()}
              data-testid="oc-turn-off"
            >
              {t('oc.turnOff')}
            </Button>
          </div>
        ) : (
          <Alert variant="warning" className="ob-oc-risk" data-testid="oc-risk">
            <p className="mb-2">{t('oc.risk.intro')}</p>
            <ul className="mb-3 ps-3">
              <li>{t('oc.risk.now')}</li>
              <li>{t('oc.risk.price')}</li>
              <li>{t('oc.risk.size', { amount: money.format(ONE_CLICK_FALLBACK_AMOUNT) })}</li>
              <li>{t('oc.risk.loss')}</li>
              <li>{t('oc.risk.devices')}</li>
            </ul>
            <Form.Check
              id={`${id}-ack`}
              checked={ticked}
              onChange={(event) => setTicked(event.target.checked)}
              label={t('oc.ack')}
              data-testid="oc-ack"
            />
            <Button
              className="mt-3"
              variant="warning"
              disabled={!ticked || one.saving}
              onClick={() => void one.switchOn()}
              data-testid="oc-turn-on"
            >
              {t('oc.turnOn')}
            </Button>
          </Alert>
        )}
        {instrument && <DefaultSize instrument={instrument} />}
      </Modal.Body>
    </Modal>
  );
}

/** The instrument's default one-click size: margin amount and one of the leverages the client may use. */
function DefaultSize({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const id = useId();
  const money = useMoney();
  const toast = useToast();
  const { currencySymbol } = useAccountCurrency();
  const auth = useAuth();
  const assets = useAssets();
  const rights = useAccountRights();
  const one = useOneClickSettings();
  const size = useOneClickSize()(instrument);
  const leverages = pickableLeverages(
    leverageChoices(
      assets.bySymbol.get(instrument.symbol),
      auth ? tradeUserOf(auth.user, rights) : null,
      instrument,
    ),
  );
  const [amount, setAmount] = useState(String(size.amount));
  const [leverage, setLeverage] = useState(size.leverage === null ? '' : String(size.leverage));
  const { symbol } = instrument;
  // until the client picks one: the size's own leverage, else the lowest the client may use
  const chosenLeverage = leverage || String(leverages[0] ?? '');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await one.saveSize({ symbol, amount: Number(amount), leverage: Number(chosenLeverage) });
    if (saved) toast('success', { key: 'oc.size.saved', params: { symbol } });
  };

  return (
    <Form noValidate onSubmit={save} data-testid="oc-size">
      <h3 className="fs-6 mb-2">{t('oc.size.title', { symbol })}</h3>
      <p className="small text-body-secondary mb-2" data-testid="oc-size-current">
        {size.own && size.leverage !== null
          ? t('oc.size.current', { amount: money.format(size.amount), leverage: size.leverage })
          : t('oc.size.fallback', { amount: money.format(size.amount) })}
      </p>
      <div className="d-flex flex-wrap gap-2 align-items-end">
        <Form.Group controlId={`${id}-amount`} className="flex-grow-1">
          <Form.Label className="small mb-1">{t('oc.size.amount')}</Form.Label>
          <InputGroup size="sm">
            <InputGroup.Text>{currencySymbol}</InputGroup.Text>
            <Form.Control
              type="number"
              inputMode="decimal"
              min={AMOUNT_MIN}
              max={ONE_CLICK_AMOUNT_MAX}
              step={AMOUNT_STEP}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              className="ob-num"
              data-testid="oc-size-amount"
            />
          </InputGroup>
        </Form.Group>
        <Form.Group controlId={`${id}-leverage`}>
          <Form.Label className="small mb-1">{t('oc.size.leverage')}</Form.Label>
          <Form.Select
            size="sm"
            value={chosenLeverage}
            onChange={(event) => setLeverage(event.target.value)}
            data-testid="oc-size-leverage"
          >
            {leverages.map((value) => (
              <option key={value} value={value}>
                1:{value}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button type="submit" size="sm" variant="primary" disabled={one.saving || leverages.length === 0}>
          {t('oc.size.save')}
        </Button>
      </div>
      {leverages.length === 0 && <p className="small text-danger mt-2 mb-0">{t('oc.noLeverage')}</p>}
    </Form>
  );
}
