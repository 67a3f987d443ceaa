import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.js';
import type { Brand } from '../brands/brands.service.js';
import type { OutboxRepo, OutboxRow } from './mail.repo.js';
import { type MailWorkerLog, OutboxWorker, type OutboxWorkerOptions } from './mail.worker.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Which kind of mail (e.g. `password-reset`), for the log line that says it was queued. */
  template?: string;
  /**
   * The link the mail exists for. It usually carries a secret (a reset token), so it is logged only
   * in demo mode without an SMTP server, where the log is how the offline flow gets it.
   */
  link?: string;
}

/** The part of a logger mail needs (a Fastify request's `log` fits). */
export interface MailLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export type { MailWorkerLog } from './mail.worker.js';

/** An SMTP transport for SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpTransport(url: string): Transporter {
  // Short timeouts: a dead mail server must not hold the worker (and the mail's lease) for long.
  return nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

export interface MailServiceOptions extends Omit<OutboxWorkerOptions, 'now'> {
  now?: () => Date;
  /**
   * Log the link of a mail kept without SMTP (demo mode only): the log is how a demo's forgot
   * password works offline. Elsewhere a reset link in the log would hand accounts to whoever reads
   * the logs, so only the outbox id and the kind of mail are logged.
   */
  logLinks?: boolean;
}

/**
 * Outgoing mail (decision 0015). Every mail is written to the outbox table in the flow of the
 * request that caused it, and that is all the request waits for: with SMTP configured, a background
 * worker (mail.worker.ts) delivers it with retries and backoff, so a mail server that is down or
 * slow never fails or slows the request. Without SMTP the mail stays in the outbox (`npm run cli --
 * outbox` lists it) and an info line says so; in demo mode that line carries the mail's link, so the
 * flows work offline.
 */
export class MailService {
  private readonly worker: OutboxWorker | undefined;
  private readonly now: () => Date;
  private readonly logLinks: boolean;

  constructor(
    readonly outbox: OutboxRepo,
    private readonly transport: Transporter | undefined,
    { logLinks = false, ...options }: MailServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.logLinks = logLinks;
    this.worker = transport && new OutboxWorker(outbox, transport, { ...options, now: this.now });
  }

  /** Whether mails leave the server (SMTP_URL is set). */
  get delivers(): boolean {
    return this.transport !== undefined;
  }

  /**
   * Queues a mail in the brand's name and returns its outbox row. Never fails because of the mail
   * server; with SMTP the worker is woken to send it at once. Inside the caller's transaction `tx`
   * the mail commits with the change it belongs to; the caller then calls `wake` after the commit
   * (a worker woken earlier would not see the row yet).
   */
  async send(brand: Brand, mail: Mail, log: MailLog, tx?: Db): Promise<OutboxRow> {
    const row = await this.outbox.add(
      {
        brandId: brand.id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // Without SMTP nothing is ever due: the mail is kept, not queued for a server that may come later.
        nextAttemptAt: this.worker ? this.now() : null,
      },
      tx,
    );
    if (!this.worker) {
      // Never the recipient or the subject (a form mail's subject names the sender): the outbox has
      // them. The link only in demo mode, where it is how the offline flow works (README).
      const template = mail.template ?? 'other';
      log.info(
        this.logLinks && mail.link
          ? { outboxId: row.id, template, link: mail.link }
          : { outboxId: row.id, template },
        'mail not sent (SMTP_URL is not set); kept in the outbox: `npm run cli -- outbox` lists it',
      );
      return row;
    }
    if (!tx) this.worker.wake();
    return row;
  }

  /** Wakes the delivery worker (with SMTP): after a transaction that queued mail through `send(…, tx)` committed. */
  wake(): void {
    this.worker?.wake();
  }

  /** Starts delivering the outbox in the background (with SMTP; nothing to do without). */
  start(log: MailWorkerLog): void {
    this.worker?.start(log);
  }

  /** Stops the background worker; an attempt in progress finishes first. */
  async stop(): Promise<void> {
    await this.worker?.stop();
  }

  /** Attempts the mails due at `now` at once (operators and tests; the worker does it on its own). */
  deliverDue(now?: Date): Promise<number> {
    return this.worker ? this.worker.deliverDue(now) : Promise.resolve(0);
  }

  /** Stops the worker (an attempt in progress finishes) and closes the SMTP connection. */
  async close(): Promise<void> {
    await this.stop();
    this.transport?.close();
  }
}
