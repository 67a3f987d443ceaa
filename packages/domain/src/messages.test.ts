import { describe, expect, it } from 'vitest';
import { formatMessage, isMessageKey, MESSAGES_EN, type MessageKey } from './messages.js';

// Every text the spec quotes in §5 and §8, literally. Changing a catalogue text breaks this list.
const SPEC_TEXTS = [
  // §5 public contact form
  'Name is required',
  'Email is Required',
  'Invalid email address',
  'Message is required',
  // §5 platform
  'invalid email address',
  'You must to agree to Terms & Conditions',
  'The passwords do not match',
  'This field is required',
  "You don't have balance to withdraw",
  // §8 error catalogue
  'Thank you so much for your message!',
  'Oops! Something wrong happened. Please try again.',
  "Oops! We can't seem to find the page you're looking for. Error code: 404",
  'File not supported',
  'Will be back soon',
  'temporarily unavailable',
  'New position was created successfully',
  'The data was successfully saved',
  'no data to show',
  'no positions to show',
  'Invalid credentials.',
  'Email is not exist.',
  'This email already exist',
  'Phone number not valid',
  'Url not valid',
  'The account is not verified',
  'You have no access',
  'Temporarily unavailable',
  'To activate your account you have to fill all the details',
  'You have to complete your account first',
];

describe('message catalogue', () => {
  it.each(SPEC_TEXTS)('contains the spec text %j verbatim', (text) => {
    expect(Object.values(MESSAGES_EN)).toContain(text);
  });

  it.each<[MessageKey, Record<string, string | number>, string]>([
    ['field.required', { title: 'First name' }, 'First name is required'],
    ['field.minChars', { title: 'New password', min: 8 }, 'New password has minimum 8 characters'],
    ['field.maxChars', { title: 'Name', max: 100 }, 'Name has maximum 100 characters'],
    ['trigger.cantBeLower', { value: '1.234560' }, "Can't be lower than 1.234560"],
    ['trigger.cantBeHigher', { value: '65000.00' }, "Can't be higher than 65000.00"],
    ['deposit.minimum', { currency: '€', min: 250 }, 'Minimum Deposit € 250'],
    ['withdraw.maximum', { max: '€ 120.50' }, 'Maximum withdraw can be € 120.50'],
  ])('renders the spec template %s with its values', (key, params, expected) => {
    expect(formatMessage({ key, params })).toBe(expected);
  });

  it('maps the spec §8 failure keys to their texts', () => {
    expect(formatMessage({ key: 'login.error_message' })).toBe('Invalid credentials.');
    expect(formatMessage({ key: 'forgot_password.error_message' })).toBe('Email is not exist.');
    expect(formatMessage({ key: 'register.error_message' })).toBe('This email already exist');
  });

  it('keeps an unknown placeholder visible instead of dropping it', () => {
    expect(formatMessage({ key: 'field.required' })).toBe('{{title}} is required');
  });

  it('uses a translated template when one is given and falls back to English otherwise', () => {
    const de = { 'field.required': '{{title}} ist erforderlich' };
    expect(formatMessage({ key: 'field.required', params: { title: 'Name' } }, de)).toBe(
      'Name ist erforderlich',
    );
    expect(formatMessage({ key: 'data.saved' }, de)).toBe('The data was successfully saved');
  });

  it('recognises catalogue keys only', () => {
    expect(isMessageKey('deposit.minimum')).toBe(true);
    expect(isMessageKey('toString')).toBe(false);
    expect(isMessageKey('deposit.maximum')).toBe(true);
    expect(isMessageKey('deposit.unknownRule')).toBe(false);
  });

  it('has no empty template and only {{word}} placeholders', () => {
    for (const [key, template] of Object.entries(MESSAGES_EN)) {
      expect(template.trim(), key).not.toBe('');
      expect(template.replace(/\{\{\w+\}\}/g, ''), key).not.toMatch(/[{}]/);
    }
  });

  it.each<[MessageKey, string]>([
    ['register.disabled', 'Registration is not available on this site.'],
    ['password.resetInvalid', 'This reset link is invalid or has expired. Please request a new one.'],
    ['mail.sendFailed', 'We could not send the e-mail just now. Please try again in a few minutes.'],
    ['document.alreadyApproved', 'This document is already approved and cannot be replaced.'],
  ])('words the client-area refusal %s so the client knows what happened', (key, text) => {
    expect(isMessageKey(key)).toBe(true);
    expect(formatMessage({ key })).toBe(text);
  });
});
