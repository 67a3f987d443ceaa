import type { Brand } from '../brands/brands.service.js';
import type { Mail } from '../mail/mail.service.js';
import { escapeHtml } from '../mail/mail.templates.js';

const FORM_TITLES: Record<string, string> = {
  contact: 'Contact form (public site)',
  'platform-contact': 'Contact form (client area)',
};

/** The mail to the brand's support address for one form submission: every field, escaped. */
export function formSubmissionMail(
  brand: Brand,
  form: string,
  values: Record<string, unknown>,
  submissionId: number,
): Mail {
  const title = FORM_TITLES[form] ?? `Form '${form}'`;
  const entries = Object.entries(values).map(([field, value]) => [field, String(value ?? '')] as const);
  const replyTo = typeof values.email === 'string' ? values.email : '';
  const text = [
    `${title} on ${brand.name}, submission #${submissionId}`,
    ...entries.map(([field, value]) => `${field}: ${value}`),
    replyTo ? `Reply to: ${replyTo}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const rows = entries
    .map(
      ([field, value]) =>
        `<tr><th style="text-align: left; padding: 4px 12px 4px 0; vertical-align: top;">${escapeHtml(field)}</th><td style="white-space: pre-wrap;">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html><body style="font-family: Arial, Helvetica, sans-serif; line-height: 1.5; color: #222;">
<h2>${escapeHtml(brand.name)}: ${escapeHtml(title)}</h2>
<p>Submission #${submissionId}</p>
<table>${rows}</table>
</body></html>`;
  const who = [values.name, values.first_name, values.last_name]
    .filter((v) => typeof v === 'string')
    .join(' ');
  return {
    to: brand.settings.supportEmail,
    subject: `${title}: ${who || replyTo || 'new message'}`.slice(0, 300),
    template: 'form-submission',
    text,
    html,
  };
}
