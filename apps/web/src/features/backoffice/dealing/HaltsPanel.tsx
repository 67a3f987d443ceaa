import {
  type DealingBrandHalts,
  DealingBrandHaltsList,
  DealingHaltedSymbols,
  type DealingInstrumentChoice,
  DealingInstrumentChoiceList,
} from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../ui/ToastProvider.js';
import { staffRequest } from '../api.js';
import { BoPanel } from '../shell/BoPage.js';
import { ConfirmDialog } from '../shell/ConfirmDialog.js';
import { LoadError } from '../shell/panelStates.js';
import { useErrorText } from '../shell/states.js';

export const HALTS_KEY = ['bo', 'dealing', 'halts'] as const;

/**
 * Halted instruments per brand (permission instruments.halt): the brand's clients see "Temporarily
 * unavailable" and cannot open, place orders or change levels on them; closing stays possible. Each change is
 * audited by the server.
 */
export function HaltsPanel({ brandId }: { brandId: number | undefined }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: HALTS_KEY,
    queryFn: ({ signal }) =>
      staffRequest('/api/backoffice/dealing/halts', { schema: DealingBrandHaltsList, signal }),
  });
  const instruments = useQuery({
    queryKey: ['bo', 'dealing', 'instruments'],
    queryFn: ({ signal }) =>
      staffRequest('/api/market/instruments', { schema: DealingInstrumentChoiceList, signal }),
    staleTime: 10 * 60_000,
  });
  const brands = (query.data ?? []).filter((b) => brandId === undefined || b.id === brandId);
  return (
    <BoPanel title={t('bod.halts.title')} className="bod-halts">
      <p className="bom-sub mb-3">{t('bod.halts.lead')}</p>
      {query.isError && !query.data ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div className="bod-halt-list" data-testid="bod-halts">
          {brands.map((brand) => (
            <BrandHaltRow key={brand.id} brand={brand} instruments={instruments.data ?? []} />
          ))}
        </div>
      )}
    </BoPanel>
  );
}

function BrandHaltRow({
  brand,
  instruments,
}: {
  brand: DealingBrandHalts;
  instruments: DealingInstrumentChoice[];
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const id = useId();
  const [symbol, setSymbol] = useState('');
  // the halt or resume waiting for its confirmation and reason
  const [asking, setAsking] = useState<{ symbol: string; halt: boolean } | null>(null);
  const change = useMutation({
    mutationFn: ({ symbol, halt, reason }: { symbol: string; halt: boolean; reason: string }) =>
      staffRequest(`/api/backoffice/brands/${brand.id}/halted-symbols/${encodeURIComponent(symbol)}`, {
        schema: DealingHaltedSymbols,
        method: halt ? 'POST' : 'DELETE',
        body: { reason },
      }),
    onSuccess: (answer, { symbol, halt }) => {
      setAsking(null);
      queryClient.setQueryData<DealingBrandHalts[]>(HALTS_KEY, (list) =>
        list?.map((b) => (b.id === answer.brandId ? { ...b, halted: answer.halted } : b)),
      );
      setSymbol('');
      toast('success', {
        key: halt ? 'bod.halts.toast.halted' : 'bod.halts.toast.resumed',
        params: { symbol, brand: brand.name },
      });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: HALTS_KEY }),
  });
  const choices = instruments.filter((i) => !brand.halted.includes(i.symbol));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (symbol) setAsking({ symbol, halt: true });
  };
  return (
    <div className="bod-halt-row" data-testid="bod-halt-brand" data-brand={brand.slug}>
      <div className="bod-halt-brand">
        <span className="fw-semibold">{brand.name}</span>
        <span className="bom-brand-tag">{brand.slug}</span>
      </div>
      <ul className="bod-halt-chips" aria-label={t('bod.halts.listOf', { brand: brand.name })}>
        {brand.halted.length === 0 && <li className="bom-sub">{t('bod.halts.none')}</li>}
        {brand.halted.map((s) => (
          <li key={s} className="bod-chip" data-testid="bod-halted">
            <i className="bi bi-pause-circle" aria-hidden="true" />
            <span className="ob-symbol">{s}</span>
            <button
              type="button"
              className="bod-chip-remove"
              onClick={() => setAsking({ symbol: s, halt: false })}
              disabled={change.isPending}
              aria-label={t('bod.halts.resume', { symbol: s })}
              title={t('bod.halts.resume', { symbol: s })}
              data-testid="bod-resume"
            >
              <i className="bi bi-x-lg" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <Form onSubmit={submit} className="bod-halt-form">
        <Form.Label htmlFor={id} className="visually-hidden">
          {t('bod.halts.symbol')}
        </Form.Label>
        <Form.Select
          id={id}
          size="sm"
          value={symbol}
          onChange={(event) => setSymbol(event.target.value)}
          data-testid="bod-halt-select"
        >
          <option value="">{t('bod.halts.choose')}</option>
          {choices.map((i) => (
            <option key={i.symbol} value={i.symbol}>
              {i.symbol} · {i.displayName}
            </option>
          ))}
        </Form.Select>
        <Button
          type="submit"
          size="sm"
          variant="outline-warning"
          disabled={!symbol || change.isPending}
          data-testid="bod-halt-add"
        >
          <i className="bi bi-pause-fill" aria-hidden="true" /> {t('bod.halts.add')}
        </Button>
      </Form>
      <ConfirmDialog
        show={asking !== null}
        title={t(asking?.halt ? 'bod.halts.confirmTitle' : 'bod.halts.resumeTitle', {
          symbol: asking?.symbol ?? '',
          brand: brand.name,
        })}
        body={t(asking?.halt ? 'bod.halts.confirmBody' : 'bod.halts.resumeBody', { brand: brand.name })}
        confirmLabel={t(asking?.halt ? 'bod.halts.confirmHalt' : 'bod.halts.confirmResume', {
          symbol: asking?.symbol ?? '',
        })}
        cancelLabel={t(asking?.halt ? 'bod.halts.keepTrading' : 'bod.halts.keepHalted')}
        variant={asking?.halt ? 'warning' : 'primary'}
        reasonLabel={t('bod.halts.reason')}
        reasonHint={t('bod.halts.reasonHint')}
        reasonRequired
        pending={change.isPending}
        error={asking && change.isError ? errorText(change.error) : null}
        onCancel={() => {
          change.reset();
          setAsking(null);
        }}
        onConfirm={(reason) => asking && change.mutate({ ...asking, reason })}
      />
      {change.isError && !asking && (
        <div className="text-danger small" role="alert">
          {errorText(change.error)}
        </div>
      )}
    </div>
  );
}
