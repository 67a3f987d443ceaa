import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Engine commands as the latency histogram labels them. */
export type EngineCommandKind =
  | 'open'
  | 'close'
  | 'update'
  | 'adjust_balance'
  | 'place_order'
  | 'update_order'
  | 'cancel_order'
  | 'transfer';

/** How a command ended: done, refused by a trading rule, or failed (e.g. the database refused the commit). */
export type EngineCommandOutcome = 'ok' | 'rejected' | 'error';

/** What happened to one outgoing mail attempt (mail/mail.worker.ts). */
export type MailAttemptOutcome = 'sent' | 'retry' | 'failed';

/** Anything that can say how many sockets it holds now (a Socket.IO namespace). */
export interface SocketCounter {
  readonly name: string;
  readonly sockets: { readonly size: number };
}

/** What the cluster gauges read: the node's engine shards (cluster/shards.ts) ... */
export interface ClusterShardsSource {
  readonly shards: number;
  ownedShards(): number[];
}

/** ... and whether it leads the price feed (cluster/feed-leader.ts). */
export interface FeedLeaderSource {
  readonly leading: boolean;
}

/** Sub-second buckets for HTTP answers and engine commands (seconds). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The server's Prometheus metrics, on a registry of their own: every app (and every test server)
 * gets fresh counters instead of sharing prom-client's global default registry.
 *
 * Labels only ever take values from a fixed set chosen by the code (route patterns, command kinds,
 * outcomes), never raw URLs, provider names from the path or anything else a caller controls, so a
 * hostile client cannot blow up the number of series.
 */
export function createMetrics(options: { processMetrics?: boolean } = {}) {
  const registry = new Registry();
  const registers = [registry];
  if (options.processMetrics !== false) {
    // CPU, memory, event-loop lag, handles: the usual process_* and nodejs_* series.
    collectDefaultMetrics({ register: registry });
  }

  const socketSources = new Map<string, SocketCounter>();
  // /prices sockets that subscribed to symbols, per namespace, read at every scrape
  const subscriptionSources = new Map<string, SocketCounter & { readonly subscribed: number }>();
  // this node's engine shards and its part in the price feed, read at every scrape (cluster nodes only)
  const cluster: { shards?: ClusterShardsSource; leader?: FeedLeaderSource } = {};

  return {
    registry,

    /** HTTP answers by route pattern (`/api/accounts/get`, not the URL asked), method and status class. */
    httpRequestSeconds: new Histogram({
      name: 'openbroker_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern, method and status class (2xx, 4xx, ...)',
      labelNames: ['route', 'method', 'status_class'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),

    /** Open Socket.IO connections on this node per namespace, read at every scrape. */
    socketConnections: new Gauge({
      name: 'openbroker_socket_connections',
      help: 'Open Socket.IO connections on this node, by namespace (/prices, /trading)',
      labelNames: ['namespace'] as const,
      registers,
      collect() {
        this.reset();
        for (const [name, namespace] of socketSources) this.set({ namespace: name }, namespace.sockets.size);
      },
    }),

    /** Time from submitting a command to the engine until its outcome is stored and known. */
    engineCommandSeconds: new Histogram({
      name: 'openbroker_engine_command_duration_seconds',
      help: 'Trading engine command latency (queued, checked and committed), by command and outcome',
      labelNames: ['command', 'outcome'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),

    /**
     * A `/trading` command's round trip on the server, from receiving it to acknowledging it (session
     * check, validation, engine, transaction, pushes), by command and answer (ok, or the refusal's code).
     */
    tradeCommandSeconds: new Histogram({
      name: 'openbroker_trade_command_roundtrip_seconds',
      help: 'Trading socket command round trip on the server, received to acknowledged, by command and answer',
      labelNames: ['command', 'answer'] as const,
      buckets: [0.0005, 0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.015, 0.025, 0.05, 0.1, 0.25, 1],
      registers,
    }),

    /** Quotes the quote book accepted (ticks); `rate(openbroker_quotes_accepted_total[1m])` is ticks per second. */
    quotesAccepted: new Counter({
      name: 'openbroker_quotes_accepted_total',
      help: 'Market quotes accepted by the quote book (rate() gives ticks per second)',
      registers,
    }),

    /** Ledger entries written, by kind (deposit, withdrawal, realised profit, ...). */
    ledgerBookings: new Counter({
      name: 'openbroker_ledger_bookings_total',
      help: 'Ledger entries booked (committed), by kind',
      labelNames: ['kind'] as const,
      registers,
    }),

    /** Payment provider webhook calls, by what they did (applied, duplicate, bad-signature, ...). */
    webhookOutcomes: new Counter({
      name: 'openbroker_payment_webhooks_total',
      help: 'Payment webhook calls by outcome (applied, duplicate, or the reason they were refused)',
      labelNames: ['outcome'] as const,
      registers,
    }),

    /** Requests answered 429 because a rate limit was exceeded, by route pattern. */
    rateLimitRefusals: new Counter({
      name: 'openbroker_rate_limit_refusals_total',
      help: 'Requests refused with 429 by a rate limit, by route pattern',
      labelNames: ['route'] as const,
      registers,
    }),

    /** Outgoing mail delivery attempts through SMTP, by outcome. */
    mailAttempts: new Counter({
      name: 'openbroker_mail_attempts_total',
      help: 'SMTP delivery attempts of outbox mails: sent, retry (will be tried again) or failed (gave up)',
      labelNames: ['outcome'] as const,
      registers,
    }),

    // ------------------------------------------------------------------ price fan-out
    /** How long one price flush took to hand its payloads to every socket (all forms). */
    priceFlushSeconds: new Histogram({
      name: 'openbroker_price_flush_duration_seconds',
      help: 'Time of one /prices flush: building and writing the conflated changes to every socket of this node',
      buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
      registers,
    }),

    /** Bytes one flush writes to sockets (payload × recipients), by form: map (spec), subscribed map, compact. */
    priceFlushBytes: new Histogram({
      name: 'openbroker_price_flush_bytes',
      help: 'Payload bytes one /prices flush writes to the sockets of this node, by form (map, subscribed, compact)',
      labelNames: ['form'] as const,
      buckets: [1_000, 10_000, 100_000, 1_000_000, 4_000_000, 10_000_000, 40_000_000, 100_000_000],
      registers,
    }),

    /** Price messages written to sockets, by form; with the bytes above, the average message size. */
    priceMessages: new Counter({
      name: 'openbroker_price_messages_total',
      help: 'Price messages written to /prices sockets of this node, by form (map, subscribed, compact)',
      labelNames: ['form'] as const,
      registers,
    }),

    /** Sockets that subscribed to symbols and those that get the whole map, per namespace, read at every scrape. */
    priceSubscriptions: new Gauge({
      name: 'openbroker_price_sockets',
      help: 'Price sockets of this node by mode: subscribed (to a set of symbols) or unsubscribed (the spec map)',
      labelNames: ['namespace', 'mode'] as const,
      registers,
      collect() {
        this.reset();
        for (const [name, source] of subscriptionSources) {
          this.set({ namespace: name, mode: 'subscribed' }, source.subscribed);
          this.set({ namespace: name, mode: 'unsubscribed' }, source.sockets.size - source.subscribed);
        }
      },
    }),

    /** Engine shards this node owns and the cluster's shard count (cluster nodes only), read at every scrape. */
    clusterShards: new Gauge({
      name: 'openbroker_cluster_shards',
      help: 'Engine shards of the cluster: owned (by this node now) and total (CLUSTER_SHARDS); cluster nodes only',
      labelNames: ['kind'] as const,
      registers,
      collect() {
        this.reset();
        const source = cluster.shards;
        if (!source) return;
        this.set({ kind: 'owned' }, source.ownedShards().length);
        this.set({ kind: 'total' }, source.shards);
      },
    }),

    /** 1 while this node leads the price feed, 0 while it follows (cluster nodes only), read at every scrape. */
    clusterFeedLeader: new Gauge({
      name: 'openbroker_cluster_feed_leader',
      help: '1 while this node leads the price feed and relays it to the others, 0 while it follows; cluster nodes only',
      registers,
      collect() {
        this.reset();
        if (cluster.leader) this.set(cluster.leader.leading ? 1 : 0);
      },
    }),

    /** Reads the node's shards and feed leadership at every scrape (set once by the runtime). */
    watchCluster(sources: { shards?: ClusterShardsSource; leader?: FeedLeaderSource }): void {
      cluster.shards = sources.shards;
      cluster.leader = sources.leader;
    },

    /** Reads a namespace's subscribed sockets at every scrape until the returned function is called. */
    watchSubscriptions(namespace: SocketCounter & { readonly subscribed: number }): () => void {
      subscriptionSources.set(namespace.name, namespace);
      return () => {
        if (subscriptionSources.get(namespace.name) === namespace) subscriptionSources.delete(namespace.name);
      };
    },

    /** Counts a namespace's sockets at every scrape until the returned function is called. */
    watchSockets(namespace: SocketCounter): () => void {
      socketSources.set(namespace.name, namespace);
      return () => {
        if (socketSources.get(namespace.name) === namespace) socketSources.delete(namespace.name);
      };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** '2xx', '4xx', ...: status classes keep the series few while still telling success from failure. */
export function statusClass(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}

/**
 * Times one engine command: its latency lands in `openbroker_engine_command_duration_seconds`
 * with the command kind and how it ended. `ok` is read from the outcome the engine returns.
 */
export async function timeEngineCommand<T extends { ok: boolean }>(
  metrics: Pick<Metrics, 'engineCommandSeconds'> | undefined,
  command: EngineCommandKind,
  run: () => Promise<T>,
): Promise<T> {
  if (!metrics) return run();
  const end = metrics.engineCommandSeconds.startTimer({ command });
  try {
    const outcome = await run();
    end({ outcome: outcome.ok ? 'ok' : 'rejected' });
    return outcome;
  } catch (error) {
    end({ outcome: 'error' });
    throw error;
  }
}
