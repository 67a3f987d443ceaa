import { describe, expect, it } from 'vitest';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../../test/payments-kit.js';

/** The value attribute of the input named `name` on a hosted page ('' when it has none). */
const fieldValue = (html: string, name: string) => {
  const input = new RegExp(`<input name="${name}"[^>]*>`).exec(html)?.[0] ?? '';
  return /value="([^"]*)"/.exec(input)?.[1] ?? '';
};
const inputOf = (html: string, name: string) =>
  new RegExp(`<input name="${name}"[^>]*>`).exec(html)?.[0] ?? '';

describe(`sandbox hosted card page after a card error (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { ctx } = runtime;
  const kit = paymentKit(app, ctx.database.db, ctx.config.paymentSandboxSecret);

  const cardPageUrl = async () => {
    const c = await kit.client();
    const { next } = (await kit.create(c.token, { amount: 250, method: 1 })).json().data;
    return next.url as string;
  };

  it('keeps the holder, card number and expiry as typed, never the security code, and marks the wrong field', async () => {
    const url = await cardPageUrl();
    const res = await kit.submit(url, {
      holder: 'Dana Q. Deposit',
      card_number: '4242 4242 4242 4242',
      expiry: '01/20',
      cvc: '123',
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('This card has expired.');
    expect(fieldValue(res.body, 'holder')).toBe('Dana Q. Deposit');
    expect(fieldValue(res.body, 'card_number')).toBe('4242 4242 4242 4242');
    expect(fieldValue(res.body, 'expiry')).toBe('01/20');
    expect(fieldValue(res.body, 'cvc')).toBe('');
    expect(res.body).not.toContain('value="123"');
    expect(inputOf(res.body, 'expiry')).toContain('aria-invalid="true"');
    expect(inputOf(res.body, 'expiry')).toContain('autofocus');
    expect(inputOf(res.body, 'card_number')).not.toContain('aria-invalid');
  });

  it('marks the card number when it fails the check digit, and escapes what was typed', async () => {
    const url = await cardPageUrl();
    const res = await kit.submit(url, {
      holder: '<b>Dana</b>',
      card_number: '4242 4242 4242 4241"><script>',
      expiry: '12/39',
      cvc: '12',
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('The card number is not valid.');
    expect(inputOf(res.body, 'card_number')).toContain('aria-invalid="true"');
    expect(res.body).not.toContain('<script>');
    expect(res.body).not.toContain('<b>Dana</b>');
    expect(fieldValue(res.body, 'holder')).toBe('&#60;b&#62;Dana&#60;/b&#62;');
    expect(fieldValue(res.body, 'expiry')).toBe('12/39');
  });

  it('pays with the kept fields once the wrong one is corrected', async () => {
    const url = await cardPageUrl();
    const first = await kit.submit(url, {
      holder: 'Dana Deposit',
      card_number: '5555 5555 5555 4444',
      expiry: '12/39',
      cvc: '1',
    });
    expect(inputOf(first.body, 'cvc')).toContain('aria-invalid="true"');
    const again = await kit.submit(url, {
      holder: fieldValue(first.body, 'holder'),
      card_number: fieldValue(first.body, 'card_number'),
      expiry: fieldValue(first.body, 'expiry'),
      cvc: '123',
    });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toContain('result=approved');
  });

  it('lets every box of the form shrink to the card, so it fits a 390 px phone', async () => {
    const css = (await app.inject({ method: 'GET', url: '/sandbox/sandbox.css' })).body;
    expect(css).toContain('.sp-shell input{width:100%;min-width:0}');
    expect(css).toContain('.sp-row{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr)');
  });
});
