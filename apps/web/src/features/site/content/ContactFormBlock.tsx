import { PublicContactForm } from '../PublicContactForm.js';
import type { BlockProps } from './ContentRenderer.js';

const FORM_NAME = /^[a-z][a-z0-9_-]{0,63}$/;

export function ContactFormBlock({ settings }: BlockProps<'contactform'>) {
  const form = typeof settings.form === 'string' && FORM_NAME.test(settings.form) ? settings.form : 'contact';
  return <PublicContactForm form={form} {...(settings.title ? { title: settings.title } : {})} />;
}
