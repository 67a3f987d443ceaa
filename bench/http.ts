import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openRuntime } from '../apps/server/src/runtime.js';

/** In-process HTTP figures (app.inject: no sockets), on an in-memory embedded database. */
export async function httpFigures() {
  const config = loadConfig({
    DATA_DIR: 'memory://',
    DEMO: 'true',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const runtime = await openRuntime(config);
  const app = await buildApp(runtime.ctx, { logger: false });
  await app.ready();

  const login = await app.inject({
    method: 'POST',
    url: '/api/accounts/login',
    payload: { email: 'demo@example.com', password: 'Demo1234!' },
  });
  const token = login.json().data.access_token as string;

  // Every measured request must succeed: a fast error would be a meaningless figure.
  const expectOk = async (request: Promise<{ statusCode: number }>) => {
    const res = await request;
    if (res.statusCode !== 200) throw new Error(`benchmark request failed with ${res.statusCode}`);
    return res;
  };
  const cases: Array<[string, () => Promise<unknown>, number]> = [
    ['GET /api/health', () => expectOk(app.inject({ method: 'GET', url: '/api/health' })), 2_000],
    [
      'GET /api/brand (cached brand)',
      () => expectOk(app.inject({ method: 'GET', url: '/api/brand' })),
      2_000,
    ],
    [
      'POST /api/accounts/get (session)',
      () => expectOk(app.inject({ method: 'POST', url: '/api/accounts/get', payload: { token } })),
      1_000,
    ],
    [
      'POST /api/accounts/login (argon2id)',
      () =>
        expectOk(
          app.inject({
            method: 'POST',
            url: '/api/accounts/login',
            payload: { email: 'demo@example.com', password: 'Demo1234!' },
          }),
        ),
      40,
    ],
  ];

  console.log('\nHTTP in process (embedded PGlite, sequential requests)');
  console.log('request'.padEnd(38), 'req/s'.padStart(10), 'p50 ms'.padStart(9), 'p99 ms'.padStart(9));
  for (const [name, run, n] of cases) {
    const times: number[] = [];
    for (let i = 0; i < Math.min(50, n); i++) await run(); // warm-up
    const start = performance.now();
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    const total = performance.now() - start;
    times.sort((a, b) => a - b);
    const pct = (p: number) =>
      (times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0).toFixed(2);
    console.log(
      name.padEnd(38),
      Math.round((n / total) * 1_000)
        .toLocaleString('en')
        .padStart(10),
      pct(0.5).padStart(9),
      pct(0.99).padStart(9),
    );
  }
  await app.close();
  await runtime.close();
}
