import nodemailer, { type Transporter } from 'nodemailer';
import { AppError } from '../../lib/errors.js';
import type { Brand } from '../brands/brands.service.js';
import type { OutboxRepo, OutboxRow } from './mail.repo.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail exists for; logged when there is no SMTP server, so the flow works offline. */
  link?: string;
}

/** The part of a logger mail needs (a Fastify request's `log` fits). */
export interface MailLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** An SMTP transport for SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpTransport(url: string): Transporter {
  // Short timeouts: a client waits for this answer; a dead mail server must not hang the request.
  return nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

/**
 * Outgoing mail. Every mail is written to the outbox table first (the audit of what was sent, and
 * the only copy offline); with SMTP configured it is then sent, otherwise an info log line
 * carries its link (`npm run cli -- outbox` lists it too).
 */
export class MailService {
  constructor(
    readonly outbox: OutboxRepo,
    private readonly transport: Transporter | undefined,
    private readonly from: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Whether mails leave the server (SMTP_URL is set). */
  get delivers(): boolean {
    return this.transport !== undefined;
  }

  /** Records and sends a mail in the brand's name; 503 'mail.sendFailed' when SMTP refuses it. */
  async send(brand: Brand, mail: Mail, log: MailLog): Promise<OutboxRow> {
    const row = await this.outbox.add({
      brandId: brand.id,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    if (!this.transport) {
      log.info(
        { outboxId: row.id, to: mail.to, subject: mail.subject, link: mail.link },
        'mail not sent (SMTP_URL is not set); kept in the outbox: `npm run cli -- outbox` lists it',
      );
      return row;
    }
    try {
      await this.transport.sendMail({
        from: { name: brand.name, address: this.from },
        replyTo: brand.settings.supportEmail,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await this.outbox.markSent(row.id, this.now());
      log.info({ outboxId: row.id, subject: mail.subject }, 'mail sent');
      return { ...row, sentAt: this.now() };
    } catch (error) {
      const reason = (error as Error).message ?? String(error);
      await this.outbox.markFailed(row.id, reason);
      log.error({ outboxId: row.id, err: error }, 'mail could not be sent; it stays in the outbox');
      throw new AppError(503, 'MAIL_FAILED', 'mail.sendFailed');
    }
  }

  async close(): Promise<void> {
    this.transport?.close();
  }
}
