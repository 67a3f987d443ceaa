import path from 'node:path';
import { BACKOFFICE_SOCKET, SOCKET_EVENTS, SOCKET_NAMESPACES } from '@openbroker/domain';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../config.js';
import type { App } from '../http.js';
import { createTestServer } from '../test/harness.js';
import { operationIdOf } from './openapi.js';

let app: App;
let openapi: {
  openapi: string;
  servers: Array<{ url: string }>;
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
};
let asyncapi: {
  asyncapi: string;
  channels: Record<string, { address: string; messages: Record<string, unknown> }>;
  operations: Record<
    string,
    { action: string; channel: { $ref: string }; security?: unknown[]; messages: Array<{ $ref: string }> }
  >;
  components: { messages: Record<string, { name: string; payload: unknown }> };
};

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, unknown>;
  'x-staff-policy'?: { permission: string | null; roles: string[] };
}

const operations = () =>
  Object.entries(openapi.paths).flatMap(([url, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method, url, operation })),
  );

/** Redocly's problems with a document, by the committed redocly.yaml (`recommended` plus its reasons). */
async function lint(document: unknown, name: string) {
  const config = await loadConfig({ configPath: path.join(projectRoot, 'redocly.yaml') });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: name, config });
  return problems
    .filter((p) => !p.ignored)
    .map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
}

beforeAll(async () => {
  app = (await createTestServer()).app;
  openapi = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  asyncapi = (await app.inject({ method: 'GET', url: '/api/docs/asyncapi.json' })).json();
});

describe('the OpenAPI document (/api/docs)', () => {
  it("lints clean with Redocly's recommended rules: no error, no warning", { timeout: 60_000 }, async () => {
    expect(await lint(openapi, 'openapi.json')).toEqual([]);
  });

  it('would report what an earlier review found (the lint is not a no-op)', { timeout: 60_000 }, async () => {
    const bare = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      servers: [],
      paths: { '/x': { get: { summary: 'x', responses: { 200: { description: 'ok' } } } } },
    };
    const problems = (await lint(bare, 'bare.json')).join('\n');
    expect(problems).toContain('no-empty-servers');
    expect(problems).toContain('operation-operationId');
    expect(problems).toContain('security-defined');
    expect(problems).toContain('operation-4xx-response');
  });

  it('is OpenAPI 3.1 served from this origin, with the bearer, staff, operator and brand-token schemes', () => {
    expect(openapi.openapi).toBe('3.1.0');
    expect(openapi.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(Object.keys(openapi.components.securitySchemes)).toEqual(
      expect.arrayContaining(['bearer', 'staff', 'affiliate', 'operator', 'brandToken']),
    );
    expect(JSON.stringify(openapi)).not.toContain('"nullable"');
  });

  it('gives every operation a unique operationId, its security (public ones an explicit []) and a 4xx answer', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, url, operation } of operations()) {
      expect(Array.isArray(operation.security), `${method} ${url} security`).toBe(true);
      expect(
        Object.keys(operation.responses).some((code) => code.startsWith('4')),
        `${method} ${url} 4xx`,
      ).toBe(true);
    }
  });

  it('names the scheme each kind of route needs, and the staff policy of every back-office route', () => {
    const op = (method: string, url: string) => openapi.paths[url]?.[method] as Operation;
    expect(op('get', '/api/health').security).toEqual([]);
    expect(op('post', '/api/accounts/get').security).toEqual([{ bearer: [] }]);
    expect(op('post', '/api/affiliate/me').security).toEqual([{ affiliate: [] }]);
    expect(op('post', '/api/collections/get/page').security).toEqual([{ brandToken: [] }]);
    expect(op('post', '/api/backoffice/auth/login').security).toEqual([]);
    for (const { method, url, operation } of operations()) {
      if (!url.startsWith('/api/backoffice/') || url === '/api/backoffice/auth/login') continue;
      expect(operation.security, `${method} ${url}`).toEqual([{ staff: [] }]);
      expect(operation['x-staff-policy'], `${method} ${url}`).toBeDefined();
    }
    expect(op('get', '/api/backoffice/audit')['x-staff-policy']).toMatchObject({
      permission: 'audit.read',
      roles: ['admin', 'compliance'],
    });
  });

  it('derives stable operationIds from method and path', () => {
    expect(operationIdOf('GET', '/api/backoffice/clients')).toBe('getBackofficeClients');
    expect(operationIdOf('get', '/api/backoffice/clients/:id')).toBe('getBackofficeClientsById');
    expect(operationIdOf('POST', '/api/backoffice/staff/{id}/reset-2fa')).toBe(
      'postBackofficeStaffByIdReset2fa',
    );
    expect(operationIdOf('GET', '/api/backoffice/audit/export.csv')).toBe('getBackofficeAuditExportCsv');
    expect(operationIdOf('POST', '/api/accounts/updatePassword')).toBe('postAccountsUpdatePassword');
    expect(operationIdOf('GET', '/metrics')).toBe('getMetrics');
    expect(operationIdOf('GET', '/')).toBe('getRoot');
  });
});

describe('the AsyncAPI document (/api/docs/asyncapi.json)', () => {
  it('lints clean with the same rules', { timeout: 60_000 }, async () => {
    expect(asyncapi.asyncapi).toBe('3.0.0');
    expect(await lint(asyncapi, 'asyncapi.json')).toEqual([]);
  });

  it('describes every socket event of the domain, on its namespace', () => {
    const names = Object.values(asyncapi.components.messages).map((m) => m.name);
    for (const event of [...Object.values(SOCKET_EVENTS), BACKOFFICE_SOCKET.queueChanged]) {
      expect(names, event).toContain(event);
    }
    expect(Object.values(asyncapi.channels).map((c) => c.address)).toEqual(
      expect.arrayContaining([
        SOCKET_NAMESPACES.prices,
        SOCKET_NAMESPACES.trading,
        BACKOFFICE_SOCKET.namespace,
      ]),
    );
    const queue = Object.values(asyncapi.components.messages).find(
      (m) => m.name === BACKOFFICE_SOCKET.queueChanged,
    );
    expect(queue?.payload).toMatchObject({
      properties: { queue: { enum: ['deposits', 'withdrawals', 'requests'] }, brandId: { type: 'integer' } },
    });
  });

  it('secures every operation outside the public /prices namespace', () => {
    for (const [name, operation] of Object.entries(asyncapi.operations)) {
      const address = asyncapi.channels[operation.channel.$ref.split('/').pop() ?? '']?.address;
      if (address === SOCKET_NAMESPACES.prices) expect(operation.security, name).toEqual([]);
      else expect(operation.security?.length, name).toBe(1);
    }
  });
});
