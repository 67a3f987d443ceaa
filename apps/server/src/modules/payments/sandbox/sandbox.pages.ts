import type { SandboxSession } from '../providers.js';
import { type CardField, CHALLENGE_CODE, TEST_CARDS } from './sandbox.cards.js';

/**
 * The sandbox provider's hosted pages: plain server-rendered HTML with one stylesheet and no script,
 * as a payment provider's page would be. Every interpolated value is escaped.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const amountText = (s: Pick<SandboxSession, 'amount' | 'currency'>) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: s.currency }).format(Number(s.amount));

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Sandbox Pay</title>
<link rel="stylesheet" href="/sandbox/sandbox.css">
</head>
<body>
<main class="sp-shell">
<header class="sp-top"><span class="sp-logo" aria-hidden="true">◆</span><span class="sp-name">Sandbox Pay</span><span class="sp-badge">Test mode</span></header>
${body}
<footer class="sp-foot">Sandbox Pay is OpenBroker's built-in test provider. No real card is charged and no money moves outside this server.</footer>
</main>
</body>
</html>`;
}

function summary(s: SandboxSession): string {
  return `<section class="sp-summary" aria-label="Payment">
<div class="sp-merchant">Pay <strong>${escapeHtml(s.merchant)}</strong></div>
<div class="sp-amount" data-testid="sandbox-amount">${escapeHtml(amountText(s))}</div>
<div class="sp-order">Order ${escapeHtml(s.order)}</div>
</section>`;
}

/** What the client typed into the card form, kept when the page comes back with an error. */
export interface CardFormValues {
  holder: string;
  cardNumber: string;
  expiry: string;
}

/** A card form error and the field it is about (that field is marked and focused). */
export interface CardFormError {
  message: string;
  field: CardField;
}

/**
 * The hosted card form. After an error the holder, card number and expiry come back as typed (
 * an error used to wipe every field); the security code never does: it is sensitive authentication data
 * that a payment page must not hold or echo (PCI DSS 3.2), so the client types it again.
 */
export function cardPage(
  token: string,
  s: SandboxSession,
  error?: CardFormError,
  values?: CardFormValues,
): string {
  const holder = values?.holder ?? `${s.customer.first_name} ${s.customer.last_name}`.trim();
  const cards = TEST_CARDS.map(
    (c) =>
      `<tr><td><code>${c.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code></td><td>${escapeHtml(c.label)}</td></tr>`,
  ).join('');
  // The wrong field is marked for assistive technology and focused; with a kept number the CVC is next.
  const focus: CardField | undefined = error ? error.field : undefined;
  const state = (field: CardField) =>
    `${error?.field === field ? ' aria-invalid="true" aria-describedby="sp-card-error"' : ''}${focus === field ? ' autofocus' : ''}`;
  return layout(
    'Card payment',
    `${summary(s)}
<form class="sp-card" method="post" action="/sandbox/pay?s=${encodeURIComponent(token)}" autocomplete="off">
${error ? `<p class="sp-error" id="sp-card-error" role="alert" data-testid="sandbox-error">${escapeHtml(error.message)}</p>` : ''}
<label>Cardholder name<input name="holder" value="${escapeHtml(holder)}" required maxlength="80" data-testid="sandbox-holder"></label>
<label>Card number<input name="card_number" value="${escapeHtml(values?.cardNumber ?? '')}" inputmode="numeric" placeholder="1234 1234 1234 1234" required maxlength="23" data-testid="sandbox-card-number"${state('card_number')}></label>
<div class="sp-row">
<label>Expiry<input name="expiry" value="${escapeHtml(values?.expiry ?? '')}" placeholder="MM/YY" required maxlength="7" data-testid="sandbox-expiry"${state('expiry')}></label>
<label>Security code<input name="cvc" inputmode="numeric" placeholder="CVC" required maxlength="4" data-testid="sandbox-cvc"${state('cvc')}></label>
</div>
<button class="sp-pay" type="submit" data-testid="sandbox-pay">Pay ${escapeHtml(amountText(s))}</button>
</form>
<form method="post" action="/sandbox/cancel?s=${encodeURIComponent(token)}" class="sp-cancel-form"><button class="sp-link" type="submit" data-testid="sandbox-cancel">Cancel and return to ${escapeHtml(s.merchant)}</button></form>
<details class="sp-tests"><summary>Test cards</summary><p>Use any future expiry date and any 3-digit code.</p><table>${cards}</table></details>`,
  );
}

/** The 3-D Secure challenge, as the card issuer would show it. */
export function challengePage(challenge: string, s: SandboxSession, last4: string, error?: string): string {
  return layout(
    'Verify your payment',
    `<section class="sp-issuer" aria-labelledby="sp-3ds-title">
<div class="sp-issuer-bank">Sandbox Bank · 3-D Secure</div>
<h1 id="sp-3ds-title">Confirm it's you</h1>
<p>You are paying <strong>${escapeHtml(amountText(s))}</strong> to <strong>${escapeHtml(s.merchant)}</strong> with the card ending in <strong>${escapeHtml(last4)}</strong>.</p>
<p>We sent a one-time code to your phone. <span class="sp-hint">In the sandbox the code is <strong>${CHALLENGE_CODE}</strong>.</span></p>
${error ? `<p class="sp-error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/sandbox/3ds" autocomplete="off">
<input type="hidden" name="challenge" value="${escapeHtml(challenge)}">
<label>One-time code<input name="code" inputmode="numeric" maxlength="8" required autofocus data-testid="sandbox-3ds-code"></label>
<button class="sp-pay" type="submit" data-testid="sandbox-3ds-submit">Confirm payment</button>
</form>
</section>`,
  );
}

/** The alternative method's wallet page (an external URL in production). */
export function walletPage(token: string, s: SandboxSession): string {
  return layout(
    'E-Wallet payment',
    `${summary(s)}
<section class="sp-card">
<p>Signed in to your wallet as <strong>${escapeHtml(s.customer.email)}</strong>.</p>
<p class="sp-muted">Approving sends ${escapeHtml(amountText(s))} from your wallet balance to ${escapeHtml(s.merchant)}.</p>
<form method="post" action="/sandbox/wallet?s=${encodeURIComponent(token)}">
<button class="sp-pay" type="submit" name="decision" value="approve" data-testid="sandbox-wallet-approve">Approve payment</button>
<button class="sp-link" type="submit" name="decision" value="cancel" data-testid="sandbox-wallet-cancel">Cancel</button>
</form>
</section>`,
  );
}

/** A page that explains a dead end and links back to the merchant. */
export function problemPage(title: string, text: string, backUrl?: string): string {
  return layout(
    title,
    `<section class="sp-card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${
      backUrl
        ? `<a class="sp-pay sp-button-link" href="${escapeHtml(backUrl)}">Return to the merchant</a>`
        : ''
    }</section>`,
  );
}

export const SANDBOX_CSS = `
:root{color-scheme:light dark;--sp-bg:#f4f6fb;--sp-card:#fff;--sp-text:#172033;--sp-muted:#5b6478;--sp-line:#dfe3ec;--sp-accent:#4b3fe0;--sp-accent-text:#fff;--sp-error:#b42318;--sp-error-bg:#fdecea}
@media (prefers-color-scheme:dark){:root{--sp-bg:#0f1320;--sp-card:#181d2d;--sp-text:#e8ebf3;--sp-muted:#a3abc0;--sp-line:#2c3348;--sp-accent:#8178ff;--sp-error:#ffb4ab;--sp-error-bg:#3b1d1b}}
*{box-sizing:border-box}body{margin:0;background:var(--sp-bg);color:var(--sp-text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
/* every box may shrink below its content's intrinsic width (inputs default to ~20 characters), so the
   form fits its card at any width and the page never gets wider than a 390 px phone. */
.sp-shell{max-width:440px;margin:0 auto;padding:24px 16px 40px;min-width:0;overflow-wrap:anywhere}
.sp-top{display:flex;align-items:center;gap:8px;margin-bottom:20px}.sp-logo{color:var(--sp-accent);font-size:22px}.sp-name{font-weight:700;letter-spacing:.2px}
.sp-badge{margin-left:auto;font-size:12px;font-weight:600;background:#fff4d6;color:#7a5200;border-radius:999px;padding:2px 10px}
.sp-summary{background:var(--sp-card);border:1px solid var(--sp-line);border-radius:14px;padding:18px 20px;margin-bottom:16px}
.sp-merchant{color:var(--sp-muted)}.sp-amount{font-size:clamp(26px,8vw,34px);font-weight:700;margin:4px 0}.sp-order{font-size:13px;color:var(--sp-muted)}
.sp-card,.sp-issuer{background:var(--sp-card);border:1px solid var(--sp-line);border-radius:14px;padding:20px;display:grid;grid-template-columns:minmax(0,1fr);gap:14px}
.sp-issuer h1,.sp-card h1{font-size:22px;margin:0}.sp-issuer-bank{font-size:13px;font-weight:600;color:var(--sp-muted);text-transform:uppercase;letter-spacing:.6px}
label{display:grid;gap:6px;font-size:14px;font-weight:600}
input{font:inherit;padding:11px 12px;border:1px solid var(--sp-line);border-radius:10px;background:transparent;color:inherit}
input:focus{outline:2px solid var(--sp-accent);outline-offset:1px}
.sp-shell label{min-width:0}.sp-shell input{width:100%;min-width:0}.sp-shell input[aria-invalid=true]{border-color:var(--sp-error)}
.sp-row{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:12px}
.sp-pay{font:inherit;font-weight:700;border:0;border-radius:10px;padding:13px 16px;background:var(--sp-accent);color:var(--sp-accent-text);cursor:pointer;width:100%;text-align:center}
.sp-button-link{display:block;text-decoration:none}
.sp-link{font:inherit;background:none;border:0;color:var(--sp-accent);cursor:pointer;padding:8px;width:100%}
.sp-cancel-form{margin-top:6px}
.sp-error{margin:0;padding:10px 12px;border-radius:10px;background:var(--sp-error-bg);color:var(--sp-error);font-weight:600}
.sp-hint,.sp-muted{color:var(--sp-muted)}
.sp-tests{margin-top:18px;font-size:14px;color:var(--sp-muted)}.sp-tests table{width:100%;border-collapse:collapse}.sp-tests td{padding:4px 8px 4px 0;border-top:1px solid var(--sp-line)}.sp-tests code{white-space:nowrap}
.sp-foot{margin-top:28px;font-size:12px;color:var(--sp-muted);text-align:center}
.ob-cashier-launcher{font:inherit;font-weight:700;border:0;border-radius:10px;padding:12px 18px;background:#4b3fe0;color:#fff;cursor:pointer}
.ob-cashier-overlay{position:fixed;inset:0;background:rgba(9,12,22,.6);display:flex;align-items:center;justify-content:center;z-index:2000;padding:16px}
.ob-cashier-box{background:#fff;color:#172033;border-radius:14px;width:100%;max-width:380px;padding:22px;display:grid;gap:12px;box-shadow:0 20px 60px rgba(0,0,0,.35);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.ob-cashier-box h2{margin:0;font-size:20px}.ob-cashier-box label{display:grid;gap:4px;font-size:14px;font-weight:600}
.ob-cashier-box input{font:inherit;padding:10px 12px;border:1px solid #dfe3ec;border-radius:10px}
.ob-cashier-box .ob-cashier-error{color:#b42318;font-weight:600;margin:0}
.ob-cashier-box .ob-cashier-muted{color:#5b6478;font-size:13px;margin:0}
.ob-cashier-actions{display:flex;gap:10px}.ob-cashier-actions button{flex:1;font:inherit;font-weight:700;border-radius:10px;padding:11px;cursor:pointer;border:1px solid #dfe3ec;background:#fff;color:#172033}
.ob-cashier-actions button.ob-cashier-primary{background:#4b3fe0;border-color:#4b3fe0;color:#fff}
`;

/**
 * The cashier widget script (spec §7: a cashier widget script, clicked after 2 s). It mounts a launcher
 * button with id `launcher` into every `[data-ob-cashier-session]` element (also ones added later),
 * opens an in-page card form on click, and reports the outcome as a window event 'ob-cashier:result'
 * with detail {transaction_id, result}.
 */
export const CASHIER_JS = `(() => {
  'use strict';
  if (window.ObCashier) { window.ObCashier.mountAll(); return; }
  const css = document.createElement('link');
  css.rel = 'stylesheet'; css.href = '/sandbox/sandbox.css';
  document.head.appendChild(css);
  const el = (tag, props, children) => {
    const node = document.createElement(tag);
    Object.assign(node, props || {});
    (children || []).forEach((c) => node.append(c));
    return node;
  };
  const post = async (url, body) => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'omit' });
    return res.json();
  };
  const report = (detail) => window.dispatchEvent(new CustomEvent('ob-cashier:result', { detail }));
  function open(session) {
    const error = el('p', { className: 'ob-cashier-error', hidden: true, role: 'alert' });
    const number = el('input', { name: 'card_number', inputMode: 'numeric', placeholder: '4242 4242 4242 4242', required: true });
    const expiry = el('input', { name: 'expiry', placeholder: 'MM/YY', required: true });
    const cvc = el('input', { name: 'cvc', inputMode: 'numeric', placeholder: 'CVC', required: true });
    number.dataset.testid = 'cashier-card-number'; expiry.dataset.testid = 'cashier-expiry'; cvc.dataset.testid = 'cashier-cvc';
    const pay = el('button', { type: 'submit', className: 'ob-cashier-primary', textContent: 'Pay' });
    pay.dataset.testid = 'cashier-pay';
    const cancel = el('button', { type: 'button', textContent: 'Cancel' });
    const form = el('form', { className: 'ob-cashier-box' }, [
      el('h2', { textContent: 'Cashier' }),
      el('p', { className: 'ob-cashier-muted', textContent: 'Sandbox test mode: no real card is charged.' }),
      error,
      el('label', { textContent: 'Card number' }, [number]),
      el('label', { textContent: 'Expiry' }, [expiry]),
      el('label', { textContent: 'Security code' }, [cvc]),
      el('div', { className: 'ob-cashier-actions' }, [cancel, pay]),
    ]);
    const overlay = el('div', { className: 'ob-cashier-overlay' }, [form]);
    overlay.setAttribute('role', 'dialog'); overlay.setAttribute('aria-modal', 'true'); overlay.setAttribute('aria-label', 'Cashier');
    document.body.appendChild(overlay);
    number.focus();
    let challenge = null;
    const finish = (detail) => { overlay.remove(); report(detail); };
    cancel.addEventListener('click', async () => {
      const r = await post('/sandbox/cashier/cancel', { session });
      finish({ transaction_id: r.transaction_id, result: 'cancelled' });
    });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      pay.disabled = true; error.hidden = true;
      try {
        const r = challenge
          ? await post('/sandbox/cashier/3ds', { challenge, code: number.value })
          : await post('/sandbox/cashier/pay', { session, card_number: number.value, expiry: expiry.value, cvc: cvc.value });
        if (r.result === 'challenge') {
          challenge = r.challenge;
          form.querySelector('h2').textContent = 'Confirm it is you';
          form.querySelector('.ob-cashier-muted').textContent = 'Enter the one-time code (in the sandbox: 1234).';
          number.value = ''; number.placeholder = 'One-time code'; number.dataset.testid = 'cashier-3ds-code';
          expiry.parentElement.remove(); cvc.parentElement.remove();
          number.parentElement.firstChild.textContent = 'One-time code';
          pay.textContent = 'Confirm';
        } else if (r.result === 'invalid') {
          error.textContent = r.error; error.hidden = false;
        } else {
          finish({ transaction_id: r.transaction_id, result: r.result });
        }
      } catch (e) {
        error.textContent = 'The cashier could not be reached. Please try again.'; error.hidden = false;
      } finally { pay.disabled = false; }
    });
  }
  function mount(host) {
    if (host.dataset.obCashierMounted) return;
    host.dataset.obCashierMounted = '1';
    const button = el('button', { type: 'button', id: 'launcher', className: 'ob-cashier-launcher', textContent: 'Open cashier' });
    button.addEventListener('click', () => open(host.dataset.obCashierSession));
    host.appendChild(button);
  }
  function mountAll() { document.querySelectorAll('[data-ob-cashier-session]').forEach(mount); }
  window.ObCashier = { mountAll };
  mountAll();
  new MutationObserver(mountAll).observe(document.body, { childList: true, subtree: true });
})();
`;
