import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMessageKey } from '../messages.js';
import * as schemas from './index.js';

const ALL = {
  LoginInput: schemas.LoginInput,
  AutoLoginInput: schemas.AutoLoginInput,
  RegisterInput: schemas.RegisterInput,
  ForgotPasswordInput: schemas.ForgotPasswordInput,
  ResetPasswordInput: schemas.ResetPasswordInput,
  PasswordChangeInput: schemas.PasswordChangeInput,
  ProfileUpdateInput: schemas.ProfileUpdateInput,
  AutoTradingInput: schemas.AutoTradingInput,
  PopupReadInput: schemas.PopupReadInput,
  PublicContactInput: schemas.PublicContactInput,
  PlatformContactInput: schemas.PlatformContactInput,
  AffiliateLoginInput: schemas.AffiliateLoginInput,
  AffiliateFilterInput: schemas.AffiliateFilterInput,
  DepositInput: schemas.DepositInput,
  DepositInputFor250: schemas.depositInputFor(250),
  WithdrawInput: schemas.WithdrawInput,
  TransactionCreateInput: schemas.TransactionCreateInput,
  OpenPositionInput: schemas.OpenPositionInput,
  ClosePositionInput: schemas.ClosePositionInput,
  UpdatePositionInput: schemas.UpdatePositionInput,
  UploadInput: schemas.UploadInput,
};

const fieldsOf = (name: string): string[] => {
  const schema = ALL[name as keyof typeof ALL] as unknown as {
    shape?: Record<string, unknown>;
    in?: { shape?: Record<string, unknown> };
  };
  return Object.keys(schema.shape ?? schema.in?.shape ?? {});
};

describe('every schema speaks in message keys', () => {
  it.each(Object.entries(ALL))(
    '%s: any input yields only catalogue keys, never zod’s own English',
    (name, schema) => {
      const fields = fieldsOf(name);
      const value = fc.oneof(
        fc.anything(),
        fc.string(),
        fc.constantFrom(
          '',
          '  ',
          '0',
          '1',
          '-1',
          'abc',
          null,
          undefined,
          true,
          0,
          1.005,
          -3,
          'x'.repeat(6000),
        ),
      );
      const input = fc.oneof(
        fc.anything(),
        fields.length > 0 ? fc.dictionary(fc.constantFrom(...fields), value) : fc.object(),
      );
      fc.assert(
        fc.property(input, (candidate) => {
          const result = schema.safeParse(candidate);
          if (result.success) return;
          for (const issue of result.error.issues)
            expect(isMessageKey(issue.message), JSON.stringify(issue)).toBe(true);
          for (const message of schemas.zodIssuesToMessages(result.error))
            expect(isMessageKey(message.key)).toBe(true);
        }),
        { numRuns: 200 },
      );
    },
  );
});
