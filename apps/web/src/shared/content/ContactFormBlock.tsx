import { lazy, Suspense } from 'react';
import type { BlockProps } from './blockProps.js';

// The form brings react-hook-form and the phone-number rules: loaded only by pages that place a form.
const PublicContactForm = lazy(() =>
  import('./PublicContactForm.js').then((module) => ({ default: module.PublicContactForm })),
);

const FORM_NAME = /^[a-z][a-z0-9_-]{0,63}$/;

export function ContactFormBlock({ settings }: BlockProps<'contactform'>) {
  const form = typeof settings.form === 'string' && FORM_NAME.test(settings.form) ? settings.form : 'contact';
  return (
    <Suspense fallback={<div className="ob-contact-placeholder" aria-hidden="true" />}>
      <PublicContactForm form={form} {...(settings.title ? { title: settings.title } : {})} />
    </Suspense>
  );
}
