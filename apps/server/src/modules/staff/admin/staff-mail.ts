import type { MailLog, MailService } from '../../mail/mail.service.js';
import { escapeHtml } from '../../mail/mail.templates.js';
import type { StaffRow } from '../staff.repo.js';

/**
 * The mail a staff member gets when their second factor locks after wrong codes: how long, and what to do
 * if it was not them. Staff work for the operator, not one brand: the mail is in English, without a brand.
 */
export function secondFactorLockedMail(staff: Pick<StaffRow, 'email' | 'name'>, minutes: number, at: Date) {
  const paragraphs = [
    `Hello ${staff.name || staff.email},`,
    `Your back-office two-factor sign-in was locked for ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} at ${at.toISOString()} UTC after ` +
      'several wrong codes in a row, from one or more network addresses.',
    'If that was you, wait and sign in again with the current code from your authenticator app. If it was not ' +
      'you, someone knows your password: change it as soon as you can and tell an administrator, who can also ' +
      'unlock your sign-in.',
  ];
  return {
    to: staff.email,
    subject: 'Back office: two-factor sign-in locked',
    template: 'staff-second-factor-locked',
    text: paragraphs.join('\n\n'),
    html: `<!doctype html>\n<html lang="en"><body style="font-family: Arial, Helvetica, sans-serif; line-height: 1.5; color: #222;">\n${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}\n</body></html>`,
  };
}

/**
 * Queues a staff mail in the outbox (no brand: staff are the operator's). With SMTP the worker delivers it;
 * without, it stays in the outbox (`npm run cli -- outbox`). Only the outbox id and kind are logged.
 */
export async function queueStaffMail(
  mail: MailService,
  message: ReturnType<typeof secondFactorLockedMail>,
  log: MailLog,
): Promise<void> {
  const row = await mail.outbox.add({
    brandId: null,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    nextAttemptAt: mail.delivers ? new Date() : null,
  });
  if (mail.delivers) mail.wake();
  else
    log.info({ outboxId: row.id, template: message.template }, 'staff mail kept in the outbox (no SMTP_URL)');
}
