import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatMessage } from '../messages.js';
import { PlatformContactInput, PublicContactInput } from './contact.js';
import { UploadFileInput } from './documents.js';
import { validateInput } from './issues.js';
import { TransactionCreateInput, WithdrawInput } from './payments.js';
import { ProfileUpdateInput } from './profile.js';
import { RegisterInput } from './register.js';

// A NUL byte answered 500 (PostgreSQL refuses it); it is the field's own message now.
const texts = (schema: z.ZodType, input: unknown) => {
  const result = validateInput(schema, input);
  return result.ok ? [] : result.errors.map((e) => [e.path, formatMessage(e)]);
};

const profile = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '+4915112345678',
  birth_date: '1990-04-01',
  country_id: 1,
  state: 'Berlin',
  city: 'Berlin',
  street: 'Unter den Linden 1',
  zip_code: '10117',
};

describe('control characters are refused with the field’s message', () => {
  it('in the profile: NUL, escape, a line break in a one-line field and a lone surrogate', () => {
    expect(
      texts(ProfileUpdateInput, {
        ...profile,
        first_name: 'Ada\u0000',
        city: 'Ber\u001blin',
        street: 'Line 1\nLine 2',
        zip_code: '10117\ud800',
      }),
    ).toEqual([
      ['first_name', 'First name contains characters that are not allowed'],
      ['city', 'City contains characters that are not allowed'],
      ['street', 'Street contains characters that are not allowed'],
      ['zip_code', 'Zip code contains characters that are not allowed'],
    ]);
    expect(validateInput(ProfileUpdateInput, profile).ok).toBe(true);
  });

  it('in the registration', () => {
    const result = texts(RegisterInput, {
      first_name: '\u0000',
      last_name: 'Lovelace',
      email: 'ada\u0000@example.com',
      phone: '+4915112345678',
      password: 'secret123',
      agree: true,
    });
    expect(result).toEqual([
      ['first_name', 'First name contains characters that are not allowed'],
      ['email', 'Email contains characters that are not allowed'],
    ]);
  });

  it('in both contact forms, whose message keeps its line breaks and tabs', () => {
    expect(
      texts(PublicContactInput, { name: 'Ada\u0000', email: 'a@example.com', message: 'Hi\u0000' }),
    ).toEqual([
      ['name', 'Name contains characters that are not allowed'],
      ['message', 'Message contains characters that are not allowed'],
    ]);
    const multiline = { name: 'Ada', email: 'a@example.com', message: 'Hello,\r\n\tthanks!\nAda' };
    expect(PublicContactInput.parse(multiline).message).toBe(multiline.message);
    expect(
      texts(PlatformContactInput, {
        first_name: 'Ada',
        last_name: 'L\u007f',
        email: 'a@example.com',
        phone: '+4915112345678',
        message: 'Line 1\nLine 2',
      }),
    ).toEqual([['last_name', 'Last name contains characters that are not allowed']]);
  });

  it('in withdrawal comments (form and API), which may span lines', () => {
    expect(texts(WithdrawInput, { amount: 10, comments: 'IBAN\u0000' })).toEqual([
      ['comments', 'Comments contains characters that are not allowed'],
    ]);
    expect(texts(TransactionCreateInput, { amount: -10, method: 6, comments: 'IBAN\u0000DE' })).toEqual([
      ['comments', 'Comments contains characters that are not allowed'],
    ]);
    expect(WithdrawInput.parse({ amount: 10, comments: 'IBAN DE89\nBIC COBADEFF' }).comments).toContain('\n');
  });

  it("in an upload's file name, which is otherwise kept (shortened to 255 characters)", () => {
    expect(texts(UploadFileInput, { files: 'pass\u0000port.jpg' })).toEqual([
      ['files', 'The file name contains characters that are not allowed. Please rename the file.'],
    ]);
    expect(UploadFileInput.parse({ files: ' Pass port.JPG ' }).files).toBe('Pass port.JPG');
    expect([...UploadFileInput.parse({ files: `${'😀'.repeat(300)}.jpg` }).files]).toHaveLength(255);
  });
});
