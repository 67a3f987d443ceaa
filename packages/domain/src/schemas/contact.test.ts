import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatMessage } from '../messages.js';
import { PlatformContactInput, PublicContactInput } from './contact.js';
import { validateInput } from './issues.js';

const texts = (schema: z.ZodType, input: unknown) => {
  const result = validateInput(schema, input);
  return result.ok ? [] : result.errors.map((e) => [e.path, formatMessage(e)]);
};

describe('spec §5 public contact form', () => {
  it('shows Name is required, Email is Required and Message is required when empty', () => {
    expect(texts(PublicContactInput, { name: ' ', email: '', message: '' })).toEqual([
      ['name', 'Name is required'],
      ['email', 'Email is Required'],
      ['message', 'Message is required'],
    ]);
    expect(texts(PublicContactInput, {})).toEqual([
      ['name', 'Name is required'],
      ['email', 'Email is Required'],
      ['message', 'Message is required'],
    ]);
  });

  it('a malformed email shows Invalid email address', () => {
    expect(texts(PublicContactInput, { name: 'Jo', email: 'jo@example', message: 'Hi' })).toEqual([
      ['email', 'Invalid email address'],
    ]);
  });

  it('trims what it accepts and keeps the email as typed', () => {
    expect(PublicContactInput.parse({ name: ' Jo ', email: ' Jo@Example.com ', message: ' Hello ' })).toEqual(
      {
        name: 'Jo',
        email: 'Jo@Example.com',
        message: 'Hello',
      },
    );
  });

  it('refuses a message over 5000 characters', () => {
    expect(
      texts(PublicContactInput, { name: 'Jo', email: 'jo@example.com', message: 'x'.repeat(5001) }),
    ).toEqual([['message', 'Message has maximum 5000 characters']]);
  });
});

describe('spec §5 platform contact', () => {
  it('requires first name, last name, email, phone and message', () => {
    expect(texts(PlatformContactInput, {})).toEqual([
      ['first_name', 'First name is required'],
      ['last_name', 'Last name is required'],
      ['email', 'Email is required'],
      ['phone', 'Phone is required'],
      ['message', 'Message is required'],
    ]);
  });

  it('uses the platform email text', () => {
    const input = { first_name: 'A', last_name: 'B', email: 'bad', phone: '+4915112345678', message: 'Hi' };
    expect(texts(PlatformContactInput, input)).toEqual([['email', 'invalid email address']]);
  });
});
