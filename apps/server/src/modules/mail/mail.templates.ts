import { formatMessage } from '@openbroker/domain';
import type { Brand } from '../brands/brands.service.js';
import type { Mail } from './mail.service.js';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

interface MailBody {
  /** Paragraphs before the link. */
  intro: string[];
  link: { href: string; label: string };
  /** Paragraphs after the link. */
  outro: string[];
}

/** The plain-text body: paragraphs, the bare link, the brand's signature. */
function plainText(brand: Brand, body: MailBody): string {
  return [
    ...body.intro,
    body.link.href,
    ...body.outro,
    `${brand.name} · ${brand.settings.supportEmail}`,
  ].join('\n\n');
}

/** A plain HTML body: the brand's name, paragraphs, one button-like link and the signature. */
function simpleHtml(brand: Brand, body: MailBody): string {
  const name = escapeHtml(brand.name);
  const paragraphs = (lines: string[]) => lines.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const href = escapeHtml(body.link.href);
  const colour = escapeHtml(brand.settings.theme.primary);
  return `<!doctype html>
<html><body style="font-family: Arial, Helvetica, sans-serif; line-height: 1.5; color: #222;">
<h2>${name}</h2>
${paragraphs(body.intro)}
<p><a href="${href}" style="display: inline-block; padding: 10px 18px; background: ${colour}; color: #fff; text-decoration: none; border-radius: 4px;">${escapeHtml(body.link.label)}</a></p>
<p style="font-size: 13px; color: #555;">If the button does not work, copy this address into your browser:<br>${href}</p>
${paragraphs(body.outro)}
<p style="font-size: 12px; color: #777;">${name} · ${escapeHtml(brand.settings.supportEmail)}</p>
</body></html>`;
}

/** The forgot-password mail: a single-use link valid for `validMinutes`. */
export function passwordResetMail(
  brand: Brand,
  to: { email: string; firstName: string },
  link: string,
  validMinutes: number,
): Mail {
  const body: MailBody = {
    intro: [
      `Hello ${to.firstName || to.email},`,
      `Someone, hopefully you, asked to reset the password of your ${brand.name} account. ` +
        `Open the link below within ${validMinutes} minutes to choose a new password. It works once.`,
    ],
    link: { href: link, label: 'Choose a new password' },
    outro: ['If you did not ask for this, ignore this mail: your password stays as it is.'],
  };
  return {
    to: to.email,
    subject: `Reset your ${brand.name} password`,
    template: 'password-reset',
    link,
    text: plainText(brand, body),
    html: simpleHtml(brand, body),
  };
}

/** The margin-call mail (issue 14): the margin level and what to do; one per margin call. */
export function marginCallMail(
  brand: Brand,
  to: { email: string; firstName: string },
  figures: { marginLevel: string; level: string; equity: string; usedMargin: string },
  link: string,
): Mail {
  const body: MailBody = {
    intro: [
      `Hello ${to.firstName || to.email},`,
      formatMessage({ key: 'notice.marginCall.mail.body', params: figures }),
    ],
    link: { href: link, label: formatMessage({ key: 'notice.marginCall.mail.link' }) },
    outro: [],
  };
  return {
    to: to.email,
    subject: formatMessage({ key: 'notice.marginCall.mail.subject', params: { brand: brand.name } }),
    text: plainText(brand, body),
    html: simpleHtml(brand, body),
    template: 'margin-call',
  };
}
