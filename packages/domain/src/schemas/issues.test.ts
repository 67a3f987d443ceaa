import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LoginInput } from './auth.js';
import { UploadInput } from './documents.js';
import { validateInput, zodIssuesToMessages } from './issues.js';

describe('zod issues to messages', () => {
  it('gives path, catalogue key and params for the server to answer {errors} and the web to translate', () => {
    const result = LoginInput.safeParse({ email: 'nope', password: '' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(zodIssuesToMessages(result.error)).toEqual([
      { path: 'email', key: 'email.invalid' },
      { path: 'password', key: 'field.required', params: { title: 'Password' } },
    ]);
  });

  it('answers a body that is not an object with a form-level validation error', () => {
    expect(validateInput(LoginInput, 'hello')).toEqual({
      ok: false,
      errors: [{ path: '', key: 'error.validation' }],
    });
  });

  it("maps a plain zod schema's own issues to catalogue keys with zod's bounds", () => {
    const schema = z.object({
      nick: z.string().min(3),
      items: z.array(z.number()).max(1),
      tags: z.array(z.string()),
    });
    const result = schema.safeParse({ nick: 'ab', items: [1, 2], tags: ['ok', 3] });
    if (result.success) throw new Error('expected a failure');
    expect(zodIssuesToMessages(result.error)).toEqual([
      { path: 'nick', key: 'field.min', params: { title: 'Nick', min: 3 } },
      { path: 'items', key: 'field.max', params: { title: 'Items', max: 1 } },
      { path: 'tags.1', key: 'field.invalid', params: { title: 'Tags' } },
    ]);
  });

  it('returns the parsed value when the input is valid', () => {
    expect(validateInput(UploadInput, { type: 'doc_address' })).toEqual({
      ok: true,
      value: { type: 'doc_address' },
    });
    expect(validateInput(UploadInput, { type: 'doc_other' })).toEqual({
      ok: false,
      errors: [{ path: 'type', key: 'field.invalid', params: { title: 'Document type' } }],
    });
  });
});
