/** Contact forms: the public site's and the platform's (spec §3, §5). */
import type { z } from 'zod';
import { emailField, formObject, MAX_LENGTH, requiredText } from './fields.js';

/** Public contact form {name, email, message} with its own texts ('Name is required', 'Email is Required', ...). */
export const PublicContactInput = formObject({
  // spec §5: name required ('Name is required')
  name: requiredText('name', { max: MAX_LENGTH.name, requiredKey: 'contact.nameRequired' }),
  // spec §5: email required ('Email is Required') and must match a standard email pattern ('Invalid email address')
  email: emailField('email', { requiredKey: 'contact.emailRequired', invalidKey: 'contact.emailInvalid' }),
  // spec §5: message required ('Message is required')
  message: requiredText('message', {
    max: MAX_LENGTH.message,
    requiredKey: 'contact.messageRequired',
    multiline: true,
  }),
});
export type PublicContactInput = z.infer<typeof PublicContactInput>;

/** Platform contact page {first_name, last_name, email, phone, message}, all required (spec §5). */
export const PlatformContactInput = formObject({
  first_name: requiredText('first_name', { max: MAX_LENGTH.name }),
  last_name: requiredText('last_name', { max: MAX_LENGTH.name }),
  email: emailField('email'),
  phone: requiredText('phone', { max: MAX_LENGTH.phone }),
  message: requiredText('message', { max: MAX_LENGTH.message, multiline: true }),
});
export type PlatformContactInput = z.infer<typeof PlatformContactInput>;
