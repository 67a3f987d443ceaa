import { MESSAGES_EN, TIMING } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_PATH, pageAnswer, pageFixture } from '../../features/site/siteTestKit.js';
import { brandFixture, renderApp } from '../../test/renderApp.js';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SUBMIT_PATH = '/api/forms/submit/contact';
/** Validation and the 400 ms delay can take a while on a busy machine. */
const SLOW = { timeout: 5000 };

function renderForm(status: number) {
  let postedAt = 0;
  const view = renderApp('/contact', {
    brand: { ...brandFixture(), formsToken: 'ft-9' },
    api: {
      [PAGE_PATH]: pageAnswer(pageFixture([{ component: 'contactform', settings: { form: 'contact' } }])),
      [SUBMIT_PATH]: () => {
        postedAt = performance.now();
        return {
          status,
          json: status === 200 ? { status: true } : { status: false, code: 'X', message: 'x' },
        };
      },
    },
  });
  return { ...view, postedAt: () => postedAt };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function fill(values: { name?: string; email?: string; message?: string }) {
  if (values.name !== undefined) fireEvent.change(field('Name'), { target: { value: values.name } });
  if (values.email !== undefined) fireEvent.change(field('Email'), { target: { value: values.email } });
  if (values.message !== undefined) fireEvent.change(field('Message'), { target: { value: values.message } });
}

const submitButton = () =>
  screen.getByTestId('public-contact-form').querySelector('button[type="submit"]') as HTMLButtonElement;

describe('public contact form (spec §3, §4, §5, §8)', () => {
  it('requires name, email and message with the spec texts, and checks the email', async () => {
    const { calls } = renderForm(200);
    await screen.findByTestId('public-contact-form');
    fireEvent.click(submitButton());
    expect(await screen.findByText(MESSAGES_EN['contact.nameRequired'], {}, SLOW)).toBeTruthy();
    expect(screen.getByText(MESSAGES_EN['contact.emailRequired'])).toBeTruthy();
    expect(screen.getByText(MESSAGES_EN['contact.messageRequired'])).toBeTruthy();
    fill({ name: 'Ada', email: 'ada@', message: 'Hello' });
    fireEvent.click(submitButton());
    expect(await screen.findByText(MESSAGES_EN['contact.emailInvalid'], {}, SLOW)).toBeTruthy();
    expect(calls.some((call) => call.path === SUBMIT_PATH)).toBe(false);
  });

  it('posts after 400 ms with the button disabled meanwhile, then thanks on 200', async () => {
    const { calls, postedAt } = renderForm(200);
    await screen.findByTestId('public-contact-form');
    fill({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'Please call me back.' });
    const clickedAt = performance.now();
    fireEvent.click(submitButton());
    await waitFor(() => expect(submitButton().disabled).toBe(true));
    expect(calls.some((call) => call.path === SUBMIT_PATH)).toBe(false);
    expect(await screen.findByText(MESSAGES_EN['contact.success'], {}, SLOW)).toBeTruthy();
    expect(postedAt() - clickedAt).toBeGreaterThanOrEqual(TIMING.contactFormDelayMs - 5);
    const call = calls.find((c) => c.path === SUBMIT_PATH);
    expect(call?.url).toBe(`${SUBMIT_PATH}?token=ft-9`);
    expect(call?.body).toEqual({
      form: { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Please call me back.' },
    });
    expect(submitButton().disabled).toBe(false);
    expect(field('Message').value).toBe('');
  });

  it('shows the failure text for any other status and logs the failed post', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderForm(500);
    await screen.findByTestId('public-contact-form');
    fill({ name: 'Ada', email: 'ada@example.com', message: 'Hello' });
    fireEvent.click(submitButton());
    expect(await screen.findByText(MESSAGES_EN['contact.failure'], {}, SLOW)).toBeTruthy();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('HTTP 500'));
    expect(field('Message').value).toBe('Hello');
  });
});

describe('platform contact page (spec §2 /contact-us, §5)', () => {
  it('logged out: shows the brand’s contact page; without one, the platform form', async () => {
    renderApp('/contact-us', { api: { [PAGE_PATH]: pageAnswer(null) } });
    const form = await screen.findByTestId('contact-form');
    fireEvent.click(form.querySelector('button[type="submit"]') as HTMLButtonElement);
    // spec §5: first_name, last_name, email, phone and message are all required.
    expect(await screen.findAllByText(/is required/)).toHaveLength(5);
  });

  it('sends the platform form to the contact endpoint', async () => {
    const { calls } = renderApp('/contact-us', {
      api: {
        [PAGE_PATH]: pageAnswer(null),
        '/api/contact': () => ({ status: 200, json: { status: true, data: { received: true } } }),
      },
    });
    await screen.findByTestId('contact-form');
    const values: Record<string, string> = {
      'First name': 'Ada',
      'Last name': 'Lovelace',
      Email: 'ada@example.com',
      Phone: '+4915112345678',
      Message: 'About my account',
    };
    for (const [label, value] of Object.entries(values)) {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    }
    fireEvent.click(screen.getByRole('button', { name: /Send message/ }));
    expect(await screen.findByText(MESSAGES_EN['contact.success'], {}, SLOW)).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/contact')?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: '+4915112345678',
      message: 'About my account',
    });
  });
});
