/** POST /api/accounts/update: every profile field is required (spec §5). */
import { z } from 'zod';
import { checkBirthDate } from '../profile.js';
import { dateField, formObject, idField, isIsoDate, MAX_LENGTH, requiredText } from './fields.js';
import { phoneField } from './register.js';

// spec §5: first_name, last_name, phone (valid), birth_date, country_id, state, city, street, zip_code all required.
export const ProfileUpdateInput = formObject({
  first_name: requiredText('first_name', { max: MAX_LENGTH.name }),
  last_name: requiredText('last_name', { max: MAX_LENGTH.name }),
  phone: phoneField(),
  /** 'YYYY-MM-DD'. */
  birth_date: dateField('birth_date'),
  country_id: idField('country_id'),
  state: requiredText('state', { max: MAX_LENGTH.name }),
  city: requiredText('city', { max: MAX_LENGTH.name }),
  street: requiredText('street', { max: MAX_LENGTH.address }),
  zip_code: requiredText('zip_code', { max: MAX_LENGTH.zip }),
});
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateInput>;

/**
 * ProfileUpdateInput with the birth date rule (`checkBirthDate`: not in the future, at least the brand's
 * minimum age on `now`). The web form explains it with this schema; the server applies the same rule.
 */
export function profileUpdateInputFor(rules: { now: Date; minAge: number }) {
  return ProfileUpdateInput.extend({
    birth_date: dateField('birth_date').superRefine((value, ctx) => {
      if (!isIsoDate(value)) return;
      const problem = checkBirthDate(value, rules);
      if (problem)
        ctx.addIssue({
          code: 'custom',
          message: problem.key,
          ...(problem.params ? { params: problem.params } : {}),
        });
    }),
  });
}

/** POST /api/accounts/autoTrading {auto_trading}: sent as 1 or 0 (spec §4); booleans are accepted too. */
export const AutoTradingInput = formObject({
  auto_trading: z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], {
      error: 'field.invalid',
    })
    .transform((v): 0 | 1 => (v === 1 || v === '1' || v === true ? 1 : 0)),
});
export type AutoTradingInput = z.infer<typeof AutoTradingInput>;

/** POST /api/accounts/popup {id}: marks a popup read. */
export const PopupReadInput = formObject({ id: idField('id') });
export type PopupReadInput = z.infer<typeof PopupReadInput>;
