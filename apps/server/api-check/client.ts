/**
 * Compiled by `npm run api:check` (docs/api.md) against the client openapi-typescript generates from
 * the served OpenAPI document: if a route's documented shape breaks a caller, this stops compiling.
 * A minimal typed fetch over `paths`, and calls a back-office client would make.
 */
import type { operations, paths } from './generated/openapi.js';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
type Operation<P extends keyof paths, M extends Method> = paths[P][M] extends infer O
  ? O extends { responses: unknown }
    ? O
    : never
  : never;
type JsonOk<O> = O extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;
type JsonBody<O> = O extends { requestBody: { content: { 'application/json': infer B } } } ? B : undefined;
type Query<O> = O extends { parameters: { query?: infer Q } } ? Q : undefined;

/** One typed call: the path, method, query and body are checked against the document. */
export async function call<P extends keyof paths, M extends Method>(
  base: string,
  token: string,
  path: P,
  method: M,
  options: {
    query?: Query<Operation<P, M>>;
    body?: JsonBody<Operation<P, M>>;
    params?: Record<string, string>;
  } = {},
): Promise<JsonOk<Operation<P, M>>> {
  let url = String(path).replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(options.params?.[name] ?? ''),
  );
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((options.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined) query.set(key, String(value));
  }
  if (query.size) url += `?${query}`;
  const response = await fetch(new URL(url, base), {
    method: method.toUpperCase(),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return (await response.json()) as JsonOk<Operation<P, M>>;
}

/** What an audit screen and a staff screen do with the API. */
export async function backofficeDay(base: string, token: string): Promise<string[]> {
  const audit = await call(base, token, '/api/backoffice/audit', 'get', {
    query: { action: 'withdrawal', from: '2026-01-01', page: '1' },
  });
  const actions: string[] = audit.data.items.map(
    (row) => `${row.createdAt} ${row.action} ${row.staffName ?? row.actor}`,
  );
  const created = await call(base, token, '/api/backoffice/staff', 'post', {
    body: { email: 'new@example.com', name: 'New Member', roles: ['finance'], brandIds: null },
  });
  const password: string = created.data.password;
  const scope = created.data.staff.brandScope;
  const brands: readonly number[] | 'all' = scope.all ? 'all' : scope.brandIds;
  const me: operations['getBackofficeMe']['responses'][200]['content']['application/json'] = await call(
    base,
    token,
    '/api/backoffice/me',
    'get',
  );
  return [...actions, password, String(brands), me.data.email];
}
