import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatMessage } from '../messages.js';
import { ForgotPasswordInput, LoginInput, PasswordChangeInput, ResetPasswordInput } from './auth.js';
import { validateInput } from './issues.js';
import { RegisterInput } from './register.js';

const texts = (schema: z.ZodType, input: unknown) => {
  const result = validateInput(schema, input);
  return result.ok ? [] : result.errors.map((e) => [e.path, formatMessage(e)]);
};

const registration = {
  first_name: ' Anna ',
  last_name: 'Berg',
  email: ' Anna.Berg@Example.com ',
  phone: '+49 151 12345678',
  password: 'correct horse',
  agree: true,
};

describe('spec §5 login', () => {
  it('accepts an email and password, trimming and lower-casing the email', () => {
    expect(
      LoginInput.parse({ email: '  Client@Broker.EU ', password: 'x', info: { ip: '1.2.3.4' } }),
    ).toEqual({
      email: 'client@broker.eu',
      password: 'x',
      info: { ip: '1.2.3.4' },
    });
  });

  it('an address that is not an email shows invalid email address', () => {
    expect(texts(LoginInput, { email: 'client@', password: 'x' })).toEqual([
      ['email', 'invalid email address'],
    ]);
  });

  it('requires email and password', () => {
    expect(texts(LoginInput, {})).toEqual([
      ['email', 'Email is required'],
      ['password', 'Password is required'],
    ]);
    expect(texts(LoginInput, { email: '  ', password: '   ' })).toEqual([
      ['email', 'Email is required'],
      ['password', 'Password is required'],
    ]);
  });

  it('does not trim a password: its spaces belong to it', () => {
    expect(LoginInput.parse({ email: 'a@b.co', password: ' secret ' }).password).toBe(' secret ');
  });

  it('refuses huge values with a maximum message', () => {
    expect(texts(LoginInput, { email: `${'a'.repeat(250)}@b.co`, password: 'p'.repeat(129) })).toEqual([
      ['email', 'Email has maximum 254 characters'],
      ['password', 'Password has maximum 128 characters'],
    ]);
    expect(texts(LoginInput, { email: 'a@b.co', password: 'x', info: 'i'.repeat(5000) })).toEqual([
      ['info', 'Info has maximum 4096 characters'],
    ]);
  });
});

describe('spec §5 forgot password', () => {
  it('requires a valid email', () => {
    expect(texts(ForgotPasswordInput, { email: 'nope' })).toEqual([['email', 'invalid email address']]);
    expect(ForgotPasswordInput.parse({ email: 'A@B.CO' })).toEqual({ email: 'a@b.co' });
  });
});

describe('spec §5 registration', () => {
  it('accepts a complete sign-up, stores the phone in E.164 and derives the country from it', () => {
    expect(RegisterInput.parse({ ...registration, country: 'fr', ref: 'abc123' })).toEqual({
      first_name: 'Anna',
      last_name: 'Berg',
      email: 'anna.berg@example.com',
      phone: '+4915112345678',
      password: 'correct horse',
      agree: true,
      country: 'DE',
      ref: 'abc123',
      info: undefined,
    });
  });

  it('requires every field; an unchecked agree shows You must to agree to Terms & Conditions', () => {
    expect(texts(RegisterInput, {})).toEqual([
      ['first_name', 'First name is required'],
      ['last_name', 'Last name is required'],
      ['email', 'Email is required'],
      ['phone', 'Phone is required'],
      ['password', 'Password is required'],
      ['agree', 'You must to agree to Terms & Conditions'],
    ]);
    expect(texts(RegisterInput, { ...registration, agree: false })).toEqual([
      ['agree', 'You must to agree to Terms & Conditions'],
    ]);
  });

  it('an invalid phone shows Phone number not valid', () => {
    expect(texts(RegisterInput, { ...registration, phone: '+49 123' })).toEqual([
      ['phone', 'Phone number not valid'],
    ]);
  });

  it('a short password shows Password has minimum 8 characters', () => {
    expect(texts(RegisterInput, { ...registration, password: 'short' })).toEqual([
      ['password', 'Password has minimum 8 characters'],
    ]);
  });

  it('drops an unusable referral code instead of refusing the sign-up', () => {
    const parsed = RegisterInput.parse({ ...registration, ref: '<script>' });
    expect(parsed.ref).toBeUndefined();
  });

  it('accepts agree sent as 1 or "1" by other front ends', () => {
    expect(RegisterInput.parse({ ...registration, agree: 1 }).agree).toBe(true);
    expect(RegisterInput.parse({ ...registration, agree: '1' }).agree).toBe(true);
  });

  it('refuses a name longer than 100 characters', () => {
    expect(texts(RegisterInput, { ...registration, first_name: 'x'.repeat(101) })).toEqual([
      ['first_name', 'First name has maximum 100 characters'],
    ]);
  });
});

describe('spec §5 new password', () => {
  const current = { current_password: 'old-secret' };

  it('accepts the current password and two equal new passwords of 8 characters or more', () => {
    expect(
      PasswordChangeInput.parse({ ...current, new_password: '12345678', confirm_password: '12345678' }),
    ).toEqual({ current_password: 'old-secret', new_password: '12345678', confirm_password: '12345678' });
  });

  it('a different confirmation shows The passwords do not match', () => {
    expect(
      texts(PasswordChangeInput, { ...current, new_password: '12345678', confirm_password: '12345679' }),
    ).toEqual([['confirm_password', 'The passwords do not match']]);
  });

  it('a short new password shows New password has minimum 8 characters', () => {
    expect(texts(PasswordChangeInput, { ...current, new_password: 'abc', confirm_password: 'abc' })).toEqual([
      ['new_password', 'New password has minimum 8 characters'],
    ]);
  });

  it('requires every field, the current password first', () => {
    expect(texts(PasswordChangeInput, {})).toEqual([
      ['current_password', 'Current password is required'],
      ['new_password', 'New password is required'],
      ['confirm_password', 'Confirm password is required'],
    ]);
  });

  it('refuses a change without the current password, as older clients sent it', () => {
    expect(texts(PasswordChangeInput, { new_password: '12345678', confirm_password: '12345678' })).toEqual([
      ['current_password', 'Current password is required'],
    ]);
  });
  it('a new password equal to the current one shows that it must be different', () => {
    expect(
      texts(PasswordChangeInput, { ...current, new_password: 'old-secret', confirm_password: 'old-secret' }),
    ).toEqual([['new_password', 'The new password must be different from your current password']]);
    // also next to another problem, so the form shows both at once
    expect(
      texts(PasswordChangeInput, { ...current, new_password: 'old-secret', confirm_password: 'old-secreT' }),
    ).toEqual([
      ['new_password', 'The new password must be different from your current password'],
      ['confirm_password', 'The passwords do not match'],
    ]);
  });

  it('a new password that differs only in case or spaces counts as different', () => {
    for (const next of ['OLD-SECRET', ' old-secret'])
      expect(
        PasswordChangeInput.safeParse({ ...current, new_password: next, confirm_password: next }).success,
      ).toBe(true);
  });

  it('a reset needs the mail token as well', () => {
    expect(texts(ResetPasswordInput, { new_password: '12345678', confirm_password: '1234567' })).toEqual([
      ['token', 'Token is required'],
      ['confirm_password', 'The passwords do not match'],
    ]);
  });
});
