import type { PaymentReturnResult, PostedForm } from '@openbroker/domain';

/** The field the posted form carries the provider's signature in. */
export const SIGNATURE_FIELD = 'signature';

/**
 * spec §7: builds a hidden `<form method=POST>` with the provider's data fields and signature and submits
 * it, so the browser leaves for the provider's page with the signed payload.
 */
export function submitPostedForm(posted: PostedForm, doc: Document = document): HTMLFormElement {
  const form = doc.createElement('form');
  form.method = posted.method;
  form.action = posted.action;
  form.hidden = true;
  form.dataset.obPostedForm = '';
  const fields: [string, string][] = [...Object.entries(posted.data), [SIGNATURE_FIELD, posted.signature]];
  for (const [name, value] of fields) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
  return form;
}

/** Appends `<script src>` once per URL; a second call for the same URL keeps the first script. */
export function loadScriptOnce(src: string, doc: Document = document): HTMLScriptElement {
  const existing = [...doc.getElementsByTagName('script')].find(
    (script) => script.hasAttribute('data-ob-cashier') && script.getAttribute('src') === src,
  );
  if (existing) return existing;
  const script = doc.createElement('script');
  script.src = src;
  script.async = true;
  script.dataset.obCashier = '';
  doc.body.append(script);
  return script;
}

/** The event the cashier widget script dispatches on `window` when the client finishes or leaves. */
export const CASHIER_RESULT_EVENT = 'ob-cashier:result';

export interface CashierResultDetail {
  transaction_id: string;
  result: 'approved' | 'declined' | 'cancelled';
}

const RESULTS: readonly PaymentReturnResult[] = ['approved', 'declined', 'pending', 'cancelled'];

/** A provider's `result` query value, or null when absent or unknown. */
export function parseReturnResult(value: string | null): PaymentReturnResult | null {
  return RESULTS.find((result) => result === value) ?? null;
}

/** Whether an event detail is a cashier result. */
export function isCashierResult(detail: unknown): detail is CashierResultDetail {
  const d = detail as Partial<CashierResultDetail> | null;
  return (
    !!d &&
    typeof d.transaction_id === 'string' &&
    (d.result === 'approved' || d.result === 'declined' || d.result === 'cancelled')
  );
}
