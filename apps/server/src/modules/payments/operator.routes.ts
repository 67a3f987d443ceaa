import { TRANSACTION_STATUS, transactionStatusName, transactionTypeName } from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type App, ErrorBody, ok } from '../../http.js';
import { AppError, invalidFields, unauthorized } from '../../lib/errors.js';
import { CliError, type RemoteCommandRunner } from './operator-commands.js';
import { isOperatorToken } from './operator-token.js';
import type { TransactionRow } from './payments.repo.js';
import { operatorAudit, type PaymentsService } from './payments.service.js';

const OperatorTransaction = z.object({
  transaction_id: z.string(),
  email: z.string(),
  type: z.string(),
  status: z.string(),
  amount: z.string(),
  currency: z.string(),
  provider: z.string(),
  comments: z.string(),
  note: z.string(),
  decided_by: z.string().nullable(),
  created_at: z.string(),
});

const present = (row: TransactionRow & { email?: string }, email?: string) => ({
  transaction_id: row.reference,
  email: row.email ?? email ?? '',
  type: transactionTypeName(row.typeId),
  status: transactionStatusName(row.statusId),
  amount: row.amount,
  currency: row.currency,
  provider: row.provider,
  comments: row.comments,
  note: row.statusNote,
  decided_by: row.decidedBy,
  created_at: row.createdAt.toISOString(),
});

const RejectBody = z.object({ note: z.string().trim().max(500).default('') });

const Reference = z.object({ reference: z.string().regex(/^TX-[0-9A-Z]{10}$/) });

/**
 * The operator API the CLI uses until the back office exists: list transactions, confirm or reject a
 * pending one. Authenticated with the operator token (payments/operator-token.ts); every decision is
 * audited with the operator's name from X-Operator.
 */
/** What the operator API uses: its token, the payments service and the CLI's remote commands (composed by the CLI). */
export interface OperatorRoutesDeps {
  operatorToken: string;
  payments: PaymentsService;
  runRemoteCommand: RemoteCommandRunner;
}

export async function operatorRoutes(app: App, ctx: OperatorRoutesDeps) {
  // The token is checked before anything else, so a caller without it learns nothing (not even validation).
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!isOperatorToken(ctx.operatorToken, token)) throw unauthorized();
  });
  const operator = (request: FastifyRequest): string => {
    const name = request.headers['x-operator'];
    return `cli:${typeof name === 'string' && /^[\w.@-]{1,60}$/.test(name) ? name : 'operator'}`;
  };

  app.get(
    '/api/admin/transactions',
    {
      schema: {
        tags: ['operator'],
        summary: 'Transactions, newest first; `status=pending` lists those waiting for staff',
        security: [{ operator: [] }],
        querystring: z.object({
          status: z.enum(['pending', 'approved', 'declined', 'cancelled']).optional(),
          limit: z.coerce.number().int().min(1).max(500).default(50),
        }),
        response: { 200: ok(z.array(OperatorTransaction)), 401: ErrorBody },
      },
    },
    async (request) => {
      operator(request);
      const { status, limit } = request.query;
      const rows = await ctx.payments.operatorList(
        status === undefined ? undefined : TRANSACTION_STATUS[status],
        limit,
      );
      return { status: true as const, data: rows.map((row) => present(row)) };
    },
  );

  app.post(
    '/api/admin/transactions/:reference/confirm',
    {
      schema: {
        tags: ['operator'],
        summary:
          'Confirms a pending bank wire (credited) or withdrawal (paid; its amount was reserved on request)',
        security: [{ operator: [] }],
        params: Reference,
        response: { 200: ok(OperatorTransaction), 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const actor = operator(request);
      const row = await ctx.payments.confirm(request.params.reference, actor, {
        audit: operatorAudit(actor, request.ip),
      });
      return { status: true as const, data: present(row) };
    },
  );

  app.post(
    '/api/admin/transactions/:reference/reject',
    {
      schema: {
        tags: ['operator'],
        summary:
          "Rejects a pending deposit (declined) or withdrawal (declined; the reservation goes back to the client's balance)",
        security: [{ operator: [] }],
        params: Reference,
        response: {
          200: ok(OperatorTransaction),
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
    },
    async (request) => {
      const actor = operator(request);
      // The body is optional ({note}); a missing or unreadable one means no note.
      const body = RejectBody.safeParse(request.body ?? {});
      if (!body.success)
        throw invalidFields([{ path: 'note', key: 'field.invalid', params: { title: 'Note' } }]);
      const row = await ctx.payments.reject(request.params.reference, actor, body.data.note, {
        audit: operatorAudit(actor, request.ip),
      });
      return { status: true as const, data: present(row) };
    },
  );

  app.post(
    '/api/admin/commands/:name',
    {
      schema: {
        tags: ['operator'],
        summary:
          "Runs an operator command (npm run cli) inside this server on the CLI's behalf, for the embedded " +
          'database that allows one process at a time: login-code, outbox, popup:create, review-document, ' +
          'affiliate:create, staff:create, audit:verify. A file argument travels as its content in `files`',
        security: [{ operator: [] }],
        params: z.object({ name: z.string().max(40) }),
        body: z.object({
          args: z.array(z.string().max(10_000)).max(20),
          files: z.record(z.string().max(1000), z.string().max(1_000_000)).default({}),
        }),
        response: {
          200: ok(z.object({ output: z.string() })),
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request) => {
      const { name } = request.params;
      const { args, files } = request.body;
      try {
        const running = ctx.runRemoteCommand(name, args, {
          actor: operator(request),
          readFile: async (file) => {
            const content = files[file];
            if (content === undefined) throw new CliError(`Cannot read ${file}: the CLI did not send it.`);
            return content;
          },
        });
        if (!running) throw new AppError(404, 'NOT_FOUND', 'error.notFound');
        return { status: true as const, data: { output: await running } };
      } catch (error) {
        // An operator mistake is answered as the CLI prints it: one line, nothing changed.
        if (error instanceof CliError)
          throw new AppError(400, 'COMMAND_REFUSED', 'operator.commandRefused', { message: error.message });
        throw error;
      }
    },
  );
}
