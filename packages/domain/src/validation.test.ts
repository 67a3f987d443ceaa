import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages.js';
import { FIELD_TITLES, titleFor } from './titles.js';
import { fieldMessage, messagesByPath, recordToFieldMessages } from './validation.js';

describe('field titles', () => {
  it('gives the human title used in {{title}}', () => {
    expect(titleFor('first_name')).toBe('First name');
    expect(titleFor('zip_code')).toBe('Zip code');
    expect(titleFor('email')).toBe('Email');
    expect(formatMessage({ key: 'field.required', params: { title: titleFor('last_name') } })).toBe(
      'Last name is required',
    );
  });

  it('humanises a field it does not know', () => {
    expect(titleFor('referral_source')).toBe('Referral source');
    expect(titleFor('sourcePage')).toBe('Source page');
    expect(titleFor('')).toBe('This field');
    expect(titleFor('toString')).toBe('To string');
  });

  it('has a title for every profile and sign-up field', () => {
    for (const field of ['first_name', 'last_name', 'email', 'phone', 'password', 'birth_date', 'country_id'])
      expect(Object.hasOwn(FIELD_TITLES, field)).toBe(true);
  });
});

describe('field messages', () => {
  it('leaves out empty params', () => {
    expect(fieldMessage('', 'account.noAccess')).toEqual({ path: '', key: 'account.noAccess' });
    expect(fieldMessage('', 'account.noAccess', {})).toEqual({ path: '', key: 'account.noAccess' });
  });

  it('keeps the first message per path', () => {
    const byPath = messagesByPath([
      fieldMessage('amount', 'field.required', { title: 'Amount' }),
      fieldMessage('amount', 'field.invalid', { title: 'Amount' }),
      fieldMessage('', 'account.notVerified'),
    ]);
    expect(byPath).toEqual({
      amount: { key: 'field.required', params: { title: 'Amount' } },
      '': { key: 'account.notVerified' },
    });
  });

  it('turns a record of field errors into a list', () => {
    expect(
      recordToFieldMessages({
        stop_lost: { key: 'trigger.cantBeHigher', params: { value: '1' } },
        take_profit: undefined,
      }),
    ).toEqual([{ path: 'stop_lost', key: 'trigger.cantBeHigher', params: { value: '1' } }]);
  });
});
