import { type FieldMessage, type Message, validateWithdraw } from '@openbroker/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { encodeMessage } from '../../ui/forms.js';

/** The withdraw form as typed. */
export interface WithdrawValues {
  amount: string;
  comments: string;
}

/** What a withdrawal request sends. */
export interface WithdrawInput {
  amount: number;
  method: number;
  comments: string;
}

/** The form's message when a refusal names nothing more precise. */
export const FAILURE: Message = { key: 'error.validation' };

/** spec §5 withdraw rules with the live free margin, as react-hook-form errors (first message per field). */
export function withdrawResolver(
  freeMargin: number,
  currencySymbol: string,
): Resolver<WithdrawValues, unknown, { amount: number; comments: string }> {
  return async (values) => {
    const result = validateWithdraw({
      amount: values.amount.replace(',', '.'),
      comments: values.comments,
      freeMargin,
      currencySymbol,
    });
    if (result.ok) return { values: result.value, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const { path, ...message } of result.errors as FieldMessage[]) {
      const name = path === '' ? 'root' : path;
      errors[name] ??= { type: 'validation', message: encodeMessage(message) };
    }
    return { values: {}, errors: errors as FieldErrors<WithdrawValues> };
  };
}
