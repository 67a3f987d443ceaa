/**
 * A local OpenBroker cluster for trying clustering on one machine (docs/cluster.md): N server nodes
 * sharing one PostgreSQL and one Redis, and a small load balancer in front of them.
 *
 *   npm run build && DATABASE_URL=postgres://… REDIS_URL=redis://… npm run cluster -- --nodes 3
 *
 * Node i (0-based) listens on basePort + i with NODE_ID=node-(i+1) and CLUSTER_SHARDS=shards; its output is
 * printed with the prefix `[node i+1]`. The load balancer (the `http-proxy` package) sends a new client to the
 * next live node (round robin) and sets the cookie `ob_node=<index>`, so the page's later requests and Socket.IO's
 * polling stay on that node; WebSocket upgrades follow the cookie too. A node that is down is skipped: its
 * clients go to another node (a plain HTTP request is retried there when nothing reached the dead node).
 *
 * `startCluster()` is the programmatic API (the cluster tests and `npm run bench -- cluster` use it; types in
 * cluster.d.mts). This is a tool for one machine: on several machines, run the built server on each with the same
 * settings behind any load balancer with WebSocket support (docs/cluster.md).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import httpProxy from 'http-proxy';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILT_MAIN = path.join(root, 'apps/server/dist/main.js');
const SOURCE_MAIN = path.join(root, 'apps/server/src/main.ts');
/** The server's liveness route (apps/server/src/modules/health/health.routes.ts). */
const HEALTH_PATH = '/api/health';
const COOKIE = 'ob_node';
/** How long a node may take to answer its health route after it was started (migrations, market history). */
const START_TIMEOUT_MS = 180_000;
/** After SIGTERM, a node gets this long to stop before SIGKILL. */
const STOP_GRACE_MS = 10_000;
/** Request bodies up to this size are buffered so the request can be retried on another node. */
const REPLAYABLE_BODY_BYTES = 1024 * 1024;
/** A node that refused a connection is skipped this long (its exit is usually reported meanwhile). */
const REFUSED_BACKOFF_MS = 1_000;
/** Signals that end a node (its `kill` then resolves when it has exited). */
const ENDING_SIGNALS = ['SIGKILL', 'SIGTERM', 'SIGINT', 'SIGHUP', 'SIGQUIT'];
/** The headers http-proxy's `xfwd` writes. */
const FORWARDED = ['x-forwarded-for', 'x-forwarded-port', 'x-forwarded-proto', 'x-forwarded-host'];
/** Output lines kept per node, shown when it fails to start. */
const TAIL_LINES = 30;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether GET /api/health on the port answers 200 (within a second). */
function healthy(port) {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: HEALTH_PATH, timeout: 1_000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

/** One server process: started, watched, killed and restarted on demand. */
function createNode({ index, port, env, fromSource, log }) {
  const label = `[node ${index + 1}]`;
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  /** Resolves when the current process has exited. */
  let exited = Promise.resolve();
  let ready = false;
  /** The current process was told to end (kill with a terminating signal, or stop). */
  let dying = false;
  let refusedUntil = 0;
  let starting;
  const tail = [];

  const spawnProcess = () => {
    const args = fromSource ? ['--import', 'tsx', SOURCE_MAIN] : [BUILT_MAIN];
    const proc = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    dying = false;
    for (const stream of [proc.stdout, proc.stderr]) {
      readline.createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
        tail.push(line);
        if (tail.length > TAIL_LINES) tail.shift();
        log(`${label} ${line}`);
      });
    }
    exited = new Promise((resolve) => {
      proc.on('exit', (code, signal) => {
        if (child === proc) {
          child = undefined;
          ready = false;
        }
        log(`${label} exited (${signal ? `signal ${signal}` : `code ${code}`})`);
        resolve();
      });
    });
    proc.on('error', (error) => log(`${label} could not be started: ${error.message}`));
    return proc;
  };

  const node = {
    index,
    port,
    url: `http://127.0.0.1:${port}`,
    /** The current process id (undefined while the node is stopped). */
    get pid() {
      return child?.pid;
    },
    /** Whether its process runs and answered the health route since it was started. */
    get ready() {
      return ready && child !== undefined && Date.now() >= refusedUntil;
    },
    /** Sends a signal to the node's process; resolves when it has exited (at once for signals that do not end it). */
    kill(signal = 'SIGKILL') {
      const proc = child;
      if (!proc) return Promise.resolve();
      const done = exited;
      const ends = ENDING_SIGNALS.includes(signal);
      if (ends) {
        ready = false;
        dying = true;
      }
      proc.kill(signal);
      return ends ? done : Promise.resolve();
    },
    /** Starts the node's process unless it runs; resolves when it answers GET /api/health. */
    start() {
      if (starting) return starting;
      if (child && ready) return Promise.resolve();
      starting = (async () => {
        // a process on its way out is waited for, then replaced
        if (child && dying) await exited;
        tail.length = 0;
        const proc = child ?? spawnProcess();
        const deadline = Date.now() + START_TIMEOUT_MS;
        let gone = false;
        void exited.then(() => {
          gone = true;
        });
        while (!gone) {
          if (await healthy(port)) {
            if (child !== proc) break;
            ready = true;
            refusedUntil = 0;
            return;
          }
          if (Date.now() > deadline) {
            proc.kill('SIGKILL');
            throw new Error(
              `${label} did not answer ${HEALTH_PATH} on port ${port} within ${START_TIMEOUT_MS / 1000} s. Last output:\n${tail.join('\n')}`,
            );
          }
          await sleep(250);
        }
        throw new Error(
          `${label} exited before it answered ${HEALTH_PATH} on port ${port}. Last output:\n${tail.join('\n')}`,
        );
      })().finally(() => {
        starting = undefined;
      });
      return starting;
    },
    /** Stops the node: SIGTERM, then SIGKILL after the grace period. */
    async stop() {
      const proc = child;
      if (!proc) return;
      ready = false;
      dying = true;
      const done = exited;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), STOP_GRACE_MS);
      await done;
      clearTimeout(timer);
    },
    /** The load balancer saw a refused connection: skip the node for a moment. */
    refused() {
      refusedUntil = Date.now() + REFUSED_BACKOFF_MS;
    },
    /** Kills the process at once, synchronously (the launcher's own exit). */
    killNow() {
      child?.kill('SIGKILL');
    },
  };
  return node;
}

/** The index the request's `ob_node` cookie names, or undefined. */
function cookieNode(req) {
  const header = req.headers.cookie;
  if (!header) return undefined;
  const match = new RegExp(`(?:^|;\\s*)${COOKIE}=(\\d+)`).exec(header);
  return match ? Number(match[1]) : undefined;
}

/** The small load balancer: round robin for new clients, sticky by cookie, a down node skipped. */
function createBalancer(nodes) {
  const proxy = httpProxy.createProxyServer({ xfwd: true });
  let next = 0;
  const sockets = new Set();

  /** The node for a request: its cookie's node when that is ready, else the next ready one not yet tried. */
  const pick = (req, tried) => {
    const wanted = cookieNode(req);
    const sticky = wanted === undefined ? undefined : nodes[wanted];
    if (sticky?.ready && !tried.has(sticky.index)) return sticky;
    for (let i = 0; i < nodes.length; i++) {
      const candidate = nodes[(next + i) % nodes.length];
      if (candidate.ready && !tried.has(candidate.index)) {
        next = (candidate.index + 1) % nodes.length;
        return candidate;
      }
    }
    return undefined;
  };

  // The chosen node goes into the client's cookie (unless it already names it), on every proxied answer.
  proxy.on('proxyRes', (proxyRes, req) => {
    const node = req.obNode;
    if (node === undefined || cookieNode(req) === node) return;
    const cookie = `${COOKIE}=${node}; Path=/; HttpOnly; SameSite=Lax`;
    const existing = proxyRes.headers['set-cookie'];
    proxyRes.headers['set-cookie'] = existing ? [...[existing].flat(), cookie] : [cookie];
  });
  proxy.on('error', () => {}); // every call passes its own error handler; this only keeps a stray one quiet

  const fail = (res, status, message) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
    res.end(`${message}\n`);
  };

  const readBody = (req) =>
    new Promise((resolve, reject) => {
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });

  const server = http.createServer(async (req, res) => {
    // A body small enough is read first, so the request can go to another node if the first refuses it.
    const length = Number(req.headers['content-length'] ?? 0);
    const chunked = req.headers['transfer-encoding'] !== undefined;
    let body;
    if (!chunked && length > 0 && length <= REPLAYABLE_BODY_BYTES) {
      try {
        body = await readBody(req);
      } catch {
        return;
      }
    }
    const replayable = !chunked && (length === 0 || body !== undefined);
    // http-proxy appends to the X-Forwarded-* headers in place: a retry starts from the client's own again.
    const forwarded = FORWARDED.map((name) => [name, req.headers[name]]);
    const tried = new Set();
    const attempt = () => {
      for (const [name, value] of forwarded) {
        if (value === undefined) delete req.headers[name];
        else req.headers[name] = value;
      }
      const node = pick(req, tried);
      if (!node) {
        fail(res, 503, 'No OpenBroker node is up.');
        return;
      }
      tried.add(node.index);
      req.obNode = node.index;
      const options = { target: node.url };
      if (body !== undefined) options.buffer = Readable.from([body]);
      proxy.web(req, res, options, (error) => {
        if (error.code === 'ECONNREFUSED') {
          node.refused();
          // Nothing reached the node: the same request goes to another one.
          if (replayable && !res.headersSent) {
            attempt();
            return;
          }
        }
        fail(res, 502, `OpenBroker node ${node.index + 1} failed: ${error.code ?? error.message}`);
      });
    };
    attempt();
  });

  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => {});
    const node = pick(req, new Set());
    if (!node) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\n\r\n');
      return;
    }
    req.obNode = node.index;
    // A refused upgrade ends the client's socket (http-proxy closes it): Socket.IO reconnects, to another node.
    proxy.ws(req, socket, head, { target: node.url }, (error) => {
      if (error.code === 'ECONNREFUSED') node.refused();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  return {
    server,
    listen(port, host) {
      return new Promise((resolve, reject) => {
        const onError = (error) => {
          reject(
            error.code === 'EADDRINUSE'
              ? new Error(`port ${port} is already in use: choose another load balancer port (--port)`)
              : error,
          );
        };
        server.once('error', onError);
        server.listen(port, host, () => {
          server.off('error', onError);
          resolve();
        });
      });
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        proxy.close();
      });
    },
  };
}

/**
 * Starts `nodes` server processes and the load balancer on `lbPort`; resolves when every node answers
 * GET /api/health and the load balancer listens. See cluster.d.mts for the options and the result.
 */
export async function startCluster({
  nodes = 3,
  lbPort = 3100,
  basePort = 3101,
  shards = 8,
  env = {},
  fromSource = false,
  log = () => {},
  lbHost = '127.0.0.1',
} = {}) {
  if (!Number.isInteger(nodes) || nodes < 1) throw new Error(`nodes must be a whole number of at least 1`);
  if (!fromSource && !fs.existsSync(BUILT_MAIN)) {
    throw new Error(`${path.relative(root, BUILT_MAIN)} is missing: run npm run build first`);
  }
  const lbUrl = `http://${lbHost === '0.0.0.0' ? '127.0.0.1' : lbHost}:${lbPort}`;
  const members = Array.from({ length: nodes }, (_, index) =>
    createNode({
      index,
      port: basePort + index,
      fromSource,
      log,
      env: {
        ...process.env,
        // One machine: the nodes listen on loopback behind the load balancer, which they trust for the client's
        // address (X-Forwarded-For); links in mails point at the load balancer.
        HOST: '127.0.0.1',
        TRUST_PROXY: '127.0.0.1',
        PUBLIC_URL: `http://localhost:${lbPort}`,
        ...env,
        PORT: String(basePort + index),
        NODE_ID: `node-${index + 1}`,
        CLUSTER_SHARDS: String(shards),
      },
    }),
  );
  const balancer = createBalancer(members);
  const killAll = () => {
    for (const node of members) node.killNow();
  };
  // Nodes never outlive the process that started them, even when it exits without stop().
  process.on('exit', killAll);

  let stopped;
  const stop = () => {
    stopped ??= (async () => {
      await Promise.all([...members.map((node) => node.stop()), balancer.close()]);
      process.off('exit', killAll);
    })();
    return stopped;
  };

  try {
    await balancer.listen(lbPort, lbHost);
    await Promise.all(members.map((node) => node.start()));
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url: lbUrl,
    nodes: members.map((node) => ({
      index: node.index,
      port: node.port,
      url: node.url,
      get pid() {
        return node.pid;
      },
      get ready() {
        return node.ready;
      },
      kill: (signal = 'SIGKILL') => node.kill(signal),
      start: () => node.start(),
    })),
    stop,
  };
}

// ------------------------------------------------------------------------------------------------ CLI

const USAGE = `Usage: node scripts/cluster.mjs [--nodes 3] [--port 3100] [--base-port <port+1>] [--shards 8] [--host 127.0.0.1]
Starts N OpenBroker nodes (the built server, apps/server/dist) sharing DATABASE_URL and REDIS_URL, and a load
balancer on --port. Needs \`npm run build\` first. See docs/cluster.md.`;

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        nodes: { type: 'string', default: '3' },
        port: { type: 'string', default: '3100' },
        'base-port': { type: 'string' },
        shards: { type: 'string', default: '8' },
        host: { type: 'string', default: '127.0.0.1' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const number = (name, value, min, max) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) {
      console.error(`--${name} must be a whole number from ${min} to ${max}, got "${value}"`);
      process.exit(2);
    }
    return n;
  };
  const nodes = number('nodes', values.nodes, 1, 64);
  const lbPort = number('port', values.port, 1, 65535);
  const basePort = number('base-port', values['base-port'] ?? String(lbPort + 1), 1, 65535 - nodes + 1);
  const shards = number('shards', values.shards, 1, 1024);

  for (const name of ['DATABASE_URL', 'REDIS_URL']) {
    if (!process.env[name]) {
      console.error(
        `${name} is not set: every node of a cluster shares one PostgreSQL (DATABASE_URL) and one Redis (REDIS_URL).\n` +
          'Example: DATABASE_URL=postgres://postgres@127.0.0.1:5432/openbroker REDIS_URL=redis://127.0.0.1:6379 npm run cluster',
      );
      process.exit(1);
    }
  }
  if (!fs.existsSync(BUILT_MAIN)) {
    console.error(`${path.relative(root, BUILT_MAIN)} is missing: run npm run build first.`);
    process.exit(1);
  }

  const env = {};
  // Trying it on one machine: a demo (demo logins, sandbox deposits) unless DEMO says otherwise.
  if (process.env.DEMO === undefined) env.DEMO = 'true';
  // The nodes' output is piped: keep it readable on a terminal.
  if (process.env.LOG_FORMAT === undefined && process.stdout.isTTY) env.LOG_FORMAT = 'pretty';

  console.log(
    `Starting ${nodes} node(s) on ports ${basePort}-${basePort + nodes - 1} with ${shards} shards` +
      `${env.DEMO ? ' (DEMO=true: set DEMO=false and the production settings to run otherwise)' : ''}…`,
  );
  let cluster;
  try {
    cluster = await startCluster({
      nodes,
      lbPort,
      basePort,
      shards,
      env,
      lbHost: values.host,
      log: (line) => console.log(line),
    });
  } catch (error) {
    console.error(`\ncluster: ${error.message}`);
    process.exit(1);
  }

  const shown = values.host === '0.0.0.0' || values.host === '127.0.0.1' ? 'localhost' : values.host;
  console.log(
    [
      '',
      `OpenBroker cluster: ${nodes} node(s), CLUSTER_SHARDS=${shards}`,
      `  load balancer: http://${shown}:${lbPort} (round robin for new clients, then sticky by the ${COOKIE} cookie)`,
      ...cluster.nodes.map(
        (node) =>
          `  node ${node.index + 1}:        ${node.url} (NODE_ID=node-${node.index + 1}, pid ${node.pid})`,
      ),
      '  Try failover: kill -9 a node pid; its shards move to the other nodes within a few seconds.',
      '',
      'Press Ctrl-C to stop all nodes.',
      '',
    ].join('\n'),
  );

  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) {
      console.log('cluster: stopping at once (SIGKILL)');
      process.exit(1); // the exit handler kills every node
    }
    stopping = true;
    console.log(`\ncluster: ${signal}, stopping every node…`);
    await cluster.stop();
    console.log('cluster: stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
