import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_TYPE_NAMES,
  documentTypeFromName,
  EMAIL_PATTERN,
  formatMessage,
  isStaffRole,
  SCREENING_LIST_FORMATS,
  STAFF_ROLES,
  type StaffRole,
} from '@openbroker/domain';
import type { AppContext } from './context.js';
import { AppError } from './lib/errors.js';
import { AffiliateEmailTakenError, affiliateAuditAfter } from './modules/affiliates/affiliates.service.js';
import { describeAuditReport, writeAudit } from './modules/audit/audit.repo.js';
import { parseCheckpoints } from './modules/audit/audit-checkpoint.js';
import {
  BACKTEST_USAGE,
  BacktestArgumentError,
  backtestCommand,
} from './modules/auto-trading/auto-trading.cli.js';
import { type Brand, brandBaseUrl } from './modules/brands/brands.service.js';
import { DOCUMENT_COLUMNS } from './modules/kyc/documents.repo.js';
import { accountChecks, verifyLedger } from './modules/ledger/ledger.verify.js';
import { outboxState } from './modules/mail/mail.repo.js';
import {
  CliError,
  type CommandEnv,
  type OperatorCommand as CommandOf,
  REMOTE_COMMANDS,
  type RemoteCommandRunner,
} from './modules/payments/operator-commands.js';
import { importAuditRecord } from './modules/screening/screening.service.js';
import { TradingAccountsRepo } from './modules/trading-accounts/trading-accounts.repo.js';

// the command shape and error are shared with the operator API's command endpoint, which runs this table
export { CliError, type CommandEnv, REMOTE_COMMANDS } from './modules/payments/operator-commands.js';

/** A command of the table: it runs against the app's services. */
export type OperatorCommand = CommandOf<AppContext>;

/** Reads an operator's file relative to the folder the command was typed in. */
export function readOperatorFile(invocationDir: string, file: string): Promise<string> {
  return fs.readFile(path.resolve(invocationDir, file), 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new CliError(`Cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}.`);
  });
}

/** The environment of a command typed at this machine's terminal. */
const terminal = (ctx: AppContext): CommandEnv => ({
  actor: cliActor(),
  readFile: (file) => readOperatorFile(ctx.config.invocationDir, file),
});

function parse<const O extends Record<string, { type: 'string' }>>(
  args: string[],
  options: O,
  usage: string,
) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\nUsage: npm run cli -- ${usage}`);
  }
}

async function brandFor(ctx: AppContext, slug: string | undefined): Promise<Brand> {
  const brand = slug ? await ctx.brands.findBySlug(slug) : await ctx.brands.resolve(undefined);
  if (!brand) throw new CliError(`There is no brand "${slug}". Brand slugs are lower-case, e.g. "demo".`);
  return brand;
}

/** Who ran an audited command: the operating-system user at the terminal. */
function cliActor(): string {
  try {
    return `cli:${os.userInfo().username}`;
  } catch {
    return 'cli:unknown';
  }
}

const LOGIN_CODE = 'login-code <email> [--brand <slug>]';
const OUTBOX = 'outbox [--limit N]';
const POPUP_CREATE = 'popup:create <brand> <title> <htmlFile>';
const AFFILIATE_CREATE = 'affiliate:create <brand> <email> [--first-name X --last-name Y]';
const REVIEW =
  'review-document <email> passport|address|funding_front|funding_back approve|reject [note] [--brand <slug>]';
const AUDIT_VERIFY = 'audit:verify [--checkpoints <log or checkpoint file>]';
const SCREENING_IMPORT = 'screening:import --format eu|un|ofac|pep --file <path>';
const STAFF_CREATE = 'staff:create <email> --role admin[,finance] [--brands demo,aurora] [--name "X"]';

/** Commands that work on an open runtime; `npm run cli -- <command>` (cli.ts) runs them. */
export const OPERATOR_COMMANDS: Record<string, OperatorCommand> = {
  'login-code': {
    usage: `${LOGIN_CODE.padEnd(64)} print a one-time auto-login link for a client (audited)`,
    async run(ctx, args, env = terminal(ctx)) {
      const { positionals, values } = parse(args, { brand: { type: 'string' } }, LOGIN_CODE);
      const [email] = positionals;
      if (!email || positionals.length > 1) throw new CliError(`Usage: npm run cli -- ${LOGIN_CODE}`);
      const brand = await brandFor(ctx, values.brand);
      // The audit row says who may sign in as the client until when; never the code itself.
      const created = await ctx.accounts.createLoginCode(
        brand,
        email.trim().toLowerCase(),
        (tx, { user, expiresAt }) =>
          writeAudit(tx, {
            actor: env.actor,
            action: 'client.loginCode',
            subject: `user:${user.id}`,
            brandId: brand.id,
            userId: user.id,
            after: { expiresAt: expiresAt.toISOString() },
            details: { brand: brand.slug },
          }),
      );
      if (!created) throw new CliError(`No client with the e-mail ${email} on brand "${brand.slug}".`);
      const minutes = Math.round(ctx.config.loginCodeTtlMs / 60_000);
      return [
        `Auto-login link for ${created.user.email} (brand "${brand.slug}"): works once, for ${minutes} minutes (until ${created.expiresAt.toISOString()}).`,
        `${brandBaseUrl(brand, ctx.config.publicUrl)}/autoLogin/${created.code}`,
      ].join('\n');
    },
  },

  outbox: {
    usage: `${OUTBOX.padEnd(64)} list the latest mails (to, subject, link), e.g. reset links without SMTP`,
    async run(ctx, args) {
      const { positionals, values } = parse(args, { limit: { type: 'string' } }, OUTBOX);
      const limit = values.limit === undefined ? 10 : Number(values.limit);
      if (positionals.length > 0 || !Number.isInteger(limit) || limit < 1 || limit > 500) {
        throw new CliError(`--limit must be a whole number from 1 to 500.\nUsage: npm run cli -- ${OUTBOX}`);
      }
      const rows = await ctx.mail.outbox.latest({ limit });
      if (rows.length === 0) return 'The outbox is empty: no mail has been sent yet.';
      const lines = [`Latest ${rows.length} mail(s), newest first:`];
      for (const row of rows) {
        const state = outboxState(row);
        const link = /https?:\/\/\S+/.exec(row.text)?.[0] ?? '(no link)';
        lines.push(
          '',
          `${row.createdAt.toISOString()}  to ${row.to}  [${state}]`,
          `  ${row.subject}`,
          `  ${link}`,
        );
      }
      return lines.join('\n');
    },
  },

  'popup:create': {
    usage: `${POPUP_CREATE.padEnd(64)} add a notice shown once to every client of a brand (audited)`,
    async run(ctx, args, env = terminal(ctx)) {
      const { positionals } = parse(args, {}, POPUP_CREATE);
      const [slug, title, file] = positionals;
      if (!slug || !title || !file || positionals.length > 3) {
        throw new CliError(`Usage: npm run cli -- ${POPUP_CREATE}`);
      }
      const brand = await brandFor(ctx, slug);
      // Relative to the folder the operator typed the command in, not the workspace npm runs it in.
      const html = await env.readFile(file);
      const popup = await ctx.popups
        .create(brand.id, title, html, (tx, created) =>
          writeAudit(tx, {
            actor: env.actor,
            action: 'popup.create',
            subject: `popup:${created.id}`,
            brandId: created.brandId,
            after: {
              title: created.title,
              content: created.content,
              audience: created.audience,
              active: created.active,
            },
            details: { brand: brand.slug },
          }),
        )
        .catch((error: unknown) => {
          if (error instanceof RangeError) throw new CliError(error.message);
          throw error;
        });
      const cleaned = popup.content !== html.trim() ? ' Unsafe or unsupported HTML was removed on save.' : '';
      return `Created popup #${popup.id} "${popup.title}" for brand "${brand.slug}".${cleaned}`;
    },
  },

  'screening:import': {
    usage: `${SCREENING_IMPORT.padEnd(64)} import a sanctions or PEP list, then screen every client again (audited)`,
    async run(ctx, args, env = terminal(ctx)) {
      const { positionals, values } = parse(
        args,
        { format: { type: 'string' }, file: { type: 'string' } },
        SCREENING_IMPORT,
      );
      const format = SCREENING_LIST_FORMATS.find((f) => f === values.format);
      if (!format || !values.file || positionals.length > 0)
        throw new CliError(`Usage: npm run cli -- ${SCREENING_IMPORT}`);
      const content = await env.readFile(values.file);
      const list = await ctx.screening
        .importList(format, path.basename(values.file), content, env.actor, (tx, row) =>
          writeAudit(tx, { actor: env.actor, ...importAuditRecord(row) }),
        )
        .catch((error: unknown) => {
          if (error instanceof AppError)
            throw new CliError(
              `${values.file}: ${formatMessage({ key: error.key, ...(error.params ? { params: error.params } : {}) })}`,
            );
          throw error;
        });
      // every client of every brand against the new list, before the command answers
      await ctx.screening.idle();
      const pending = await ctx.screening.queueSize();
      return [
        `Imported ${list.entryCount} person(s) from ${list.fileName} as the ${format.toUpperCase()} list (#${list.id}, sha256 ${list.fileHash.slice(0, 12)}…).`,
        `Every client was screened again: ${pending} possible match(es) await review in the back office (Screening).`,
      ].join('\n');
    },
  },

  'review-document': {
    usage: `${REVIEW.padEnd(64)} approve or reject a client's latest document (audited)`,
    async run(ctx, args, env = terminal(ctx)) {
      const { positionals, values } = parse(args, { brand: { type: 'string' } }, REVIEW);
      const [email, typeName, decision, ...noteWords] = positionals;
      if (!email || !typeName || !decision) throw new CliError(`Usage: npm run cli -- ${REVIEW}`);
      // passport or doc_passport: the short name, or the field name the client API uses
      const type = documentTypeFromName(typeName);
      if (!type)
        throw new CliError(
          `The type must be one of ${DOCUMENT_TYPE_NAMES.join(', ')} (or doc_passport, doc_address, ...).`,
        );
      if (decision !== 'approve' && decision !== 'reject') {
        throw new CliError('The decision must be approve or reject.');
      }
      const brand = await brandFor(ctx, values.brand);
      const result = await ctx.documents.review(brand, {
        email: email.trim().toLowerCase(),
        type,
        decision,
        note: noteWords.join(' ').trim().slice(0, 1000),
        actor: env.actor,
      });
      if (!result.ok) {
        throw new CliError(
          result.reason === 'no-client'
            ? `No client with the e-mail ${email} on brand "${brand.slug}".`
            : `${email} has not uploaded a ${type} document yet.`,
        );
      }
      // A verification the review caused reaches the trading engine of this process (the server's,
      // when the server runs the command on the CLI's behalf) at once.
      for (const account of await new TradingAccountsRepo(ctx.database.db).listByUser(result.user.id))
        await ctx.trading.refreshAccount(account.id);
      const label = DOCUMENT_STATUS_LABELS[result.user[DOCUMENT_COLUMNS[type]].status];
      const verified = result.user.verifiedAccount ? ' The account is verified.' : '';
      return `${type} of ${result.user.email} is now ${label}${result.document.note ? ` (note: ${result.document.note})` : ''}. The decision is in the audit log.${verified}`;
    },
  },
  'affiliate:create': {
    usage: `${AFFILIATE_CREATE.padEnd(64)} add an affiliate; prints its password and tracking code once (audited)`,
    async run(ctx, args, env = terminal(ctx)) {
      const { positionals, values } = parse(
        args,
        { 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
        AFFILIATE_CREATE,
      );
      const [slug, rawEmail] = positionals;
      if (!slug || !rawEmail || positionals.length > 2) {
        throw new CliError(`Usage: npm run cli -- ${AFFILIATE_CREATE}`);
      }
      const email = rawEmail.trim().toLowerCase();
      // spec §5: the affiliate e-mail must look like an e-mail
      if (!EMAIL_PATTERN.test(email) || email.length > 254) {
        throw new CliError(`"${rawEmail}" is not a valid e-mail address.`);
      }
      const name = (value: string | undefined, fallback: string) => {
        const trimmed = (value ?? '').trim();
        if (trimmed.length > 100) throw new CliError('Names have at most 100 characters.');
        return trimmed || fallback;
      };
      const brand = await brandFor(ctx, slug);
      const created = await ctx.affiliates
        .create(
          brand,
          {
            email,
            firstName: name(values['first-name'], 'Affiliate'),
            lastName: name(values['last-name'], ''),
          },
          (tx, affiliate) =>
            writeAudit(tx, {
              actor: env.actor,
              action: 'affiliate.create',
              subject: `affiliate:${affiliate.id}`,
              brandId: affiliate.brandId,
              after: affiliateAuditAfter(affiliate),
              details: { brand: brand.slug, email: affiliate.email, code: affiliate.code },
            }),
        )
        .catch((error: unknown) => {
          if (error instanceof AffiliateEmailTakenError) {
            throw new CliError(`Brand "${brand.slug}" already has an affiliate with the e-mail ${email}.`);
          }
          throw error;
        });
      const { affiliate, password } = created;
      const base = brandBaseUrl(brand, ctx.config.publicUrl);
      return [
        `Created affiliate #${affiliate.id} ${affiliate.email} for brand "${brand.slug}". Shown once; the password is stored only as a hash:`,
        `  password       ${password}`,
        `  tracking code  ${affiliate.code}`,
        `  tracking link  ${base}/?ref=${affiliate.code}`,
        `  panel          ${base}/affiliate`,
      ].join('\n');
    },
  },

  'staff:create': {
    usage: `${STAFF_CREATE.padEnd(64)} add a back-office staff member; prints an initial password once (audited)`,
    async run(ctx, args, env = terminal(ctx)) {
      const { positionals, values } = parse(
        args,
        { role: { type: 'string' }, brands: { type: 'string' }, name: { type: 'string' } },
        STAFF_CREATE,
      );
      const [rawEmail] = positionals;
      if (!rawEmail || positionals.length > 1 || !values.role) {
        throw new CliError(`Usage: npm run cli -- ${STAFF_CREATE}`);
      }
      const email = rawEmail.trim().toLowerCase();
      if (!EMAIL_PATTERN.test(email) || email.length > 254) {
        throw new CliError(`"${rawEmail}" is not a valid e-mail address.`);
      }
      const roles = [
        ...new Set(
          values.role
            .split(',')
            .map((r) => r.trim())
            .filter(Boolean),
        ),
      ];
      const unknown = roles.filter((r) => !isStaffRole(r));
      if (roles.length === 0 || unknown.length > 0) {
        throw new CliError(`Unknown role "${unknown.join(',')}". Roles: ${STAFF_ROLES.join(', ')}.`);
      }
      let brandIds: number[] | null = null;
      if (values.brands !== undefined) {
        const slugs = [
          ...new Set(
            values.brands
              .split(',')
              .map((b) => b.trim())
              .filter(Boolean),
          ),
        ];
        if (slugs.length === 0)
          throw new CliError('--brands needs at least one brand slug, e.g. --brands demo');
        brandIds = [];
        for (const slug of slugs) brandIds.push((await brandFor(ctx, slug)).id);
      }
      const name = (values.name ?? '').trim() || email.split('@')[0] || email;
      if (name.length > 120) throw new CliError('The name has at most 120 characters.');
      const { staff, password } = await ctx.staff
        .create({ email, name, roles: roles as StaffRole[], brandIds }, env.actor)
        .catch((error: unknown) => {
          throw new CliError((error as Error).message);
        });
      return [
        `Created staff member #${staff.id} ${staff.email} (${roles.join(', ')}; brands: ${values.brands ?? 'all'}). Shown once; the password is stored only as a hash:`,
        `  password  ${password}`,
        `Sign in with it at ${ctx.config.publicUrl}/backoffice/login (leave the code empty) and set up two-factor sign-in at ${ctx.config.publicUrl}/backoffice/enrol: until then the session can only enrol (docs/backoffice.md).`,
      ].join('\n');
    },
  },

  'audit:verify': {
    usage: `${AUDIT_VERIFY.padEnd(64)} check the audit log: keyed hash chain, and its head against the checkpoints kept outside the database (no row edited, removed or slipped in, no hash blanked, not truncated)`,
    async run(ctx, args, env = terminal(ctx)) {
      const { positionals, values } = parse(args, { checkpoints: { type: 'string' } }, AUDIT_VERIFY);
      if (positionals.length > 0) throw new CliError(`Usage: npm run cli -- ${AUDIT_VERIFY}`);
      // the server's log (JSON lines), or another node's checkpoint file: its `audit head` lines count too
      const file = values.checkpoints;
      const extra = file
        ? { source: file, ...parseCheckpoints(await env.readFile(file), file, ctx.config.auditKey, false) }
        : undefined;
      if (extra && extra.checkpoints.length + extra.forged.length + extra.unreadable.length === 0)
        throw new CliError(`${file} holds no audit checkpoint ("audit head" line of the server's JSON log).`);
      const report = await ctx.audit.verify(extra ? { extra } : {});
      const text = describeAuditReport(report);
      if (report.ok) return text;
      throw new CliError(text);
    },
  },

  backtest: {
    usage: `${'backtest --strategy … --symbol … --from … --to …'.padEnd(64)} the client area's backtest of a strategy: equity, trades, win rate, profit factor, drawdown, worst day\n    ${BACKTEST_USAGE}`,
    async run(ctx, args) {
      return backtestCommand(ctx, args, (slug) => brandFor(ctx, slug)).catch((error: unknown) => {
        if (error instanceof BacktestArgumentError) throw new CliError(error.message);
        throw error;
      });
    },
  },

  'ledger:verify': {
    usage: `${'ledger:verify'.padEnd(64)} check the books: balances, closed positions, deposits, withdrawals`,
    async run(ctx) {
      const problems = await verifyLedger(ctx.database.db);
      // one line per trading account: its number and id, balance and the sum of its entries — no personal data (the
      // output is printed and often kept in logs)
      const checks = await accountChecks(ctx.database.db);
      const broken = new Set(problems.map((p) => p.accountId));
      const lines = checks.map(
        (a) =>
          `  ${a.number} (account ${a.accountId}): balance ${a.balance} ${a.currency}, ` +
          `${a.entries} entr${a.entries === 1 ? 'y' : 'ies'} summing to ${a.ledger} — ${broken.has(a.accountId) ? 'PROBLEM' : 'ok'}`,
      );
      if (problems.length === 0) {
        return [
          `Ledger verified: every balance of the ${checks.length} trading account(s) equals the sum of its ledger entries, ` +
            'and every closed position, deposit and withdrawal is booked exactly once.',
          ...lines,
        ].join('\n');
      }
      // Operators find an account by its number (the back office searches it); the problems name it by id.
      const numbers = new Map(checks.map((a) => [a.accountId, a.number]));
      throw new CliError(
        [
          ...lines,
          `${problems.length} problem(s) in the ledger:`,
          ...problems.map((p) => `  ${numbers.get(p.accountId) ?? '(no such account)'}: ${p.message}`),
        ].join('\n'),
      );
    },
  },
};

/** The operator API's command endpoint runs the remote commands with this server's services. */
export function remoteCommandRunner(ctx: AppContext): RemoteCommandRunner {
  return (name, args, env) => {
    const command = REMOTE_COMMANDS.includes(name) ? OPERATOR_COMMANDS[name] : undefined;
    return command?.run(ctx, args, env);
  };
}
