/** Types of scripts/cluster.mjs (plain Node ESM) for the TypeScript that imports it (bench, cluster tests). */

export interface ClusterOptions {
  /** Server processes to start (default 3). */
  nodes?: number;
  /** The load balancer's port (default 3100). */
  lbPort?: number;
  /** Node i listens on basePort + i (default 3101). */
  basePort?: number;
  /** CLUSTER_SHARDS of every node (default 8). */
  shards?: number;
  /** Extra environment for every node (DATABASE_URL, REDIS_URL, DEMO, REDIS_PREFIX, …), over the launcher's own. */
  env?: Record<string, string | undefined>;
  /** true: `node --import tsx apps/server/src/main.ts` (no build); false (default): apps/server/dist/main.js. */
  fromSource?: boolean;
  /** Receives every output line of every node, prefixed `[node N]`, and the launcher's notes. */
  log?: (line: string) => void;
  /** The interface the load balancer listens on (default 127.0.0.1). */
  lbHost?: string;
}

export interface ClusterNode {
  /** 0-based; the node's NODE_ID is `node-${index + 1}` and its `ob_node` cookie value is `index`. */
  index: number;
  port: number;
  /** http://127.0.0.1:<port>, the node itself (not through the load balancer). */
  url: string;
  /** The current process id; undefined while the node is stopped. */
  readonly pid: number | undefined;
  /** Whether the load balancer sends clients to it (its process runs and answered GET /api/health). */
  readonly ready: boolean;
  /**
   * Sends the signal to the node's process. Resolves when the process has exited for SIGKILL, SIGTERM, SIGINT,
   * SIGHUP and SIGQUIT; at once for other signals.
   */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts the node again (a no-op when it runs); resolves when it answers GET /api/health. */
  start(): Promise<void>;
}

export interface Cluster {
  /** The load balancer, e.g. http://127.0.0.1:3100. */
  url: string;
  nodes: ClusterNode[];
  /** Stops every node (SIGTERM, SIGKILL after 10 s) and closes the load balancer. */
  stop(): Promise<void>;
}

/** Resolves when every node answers GET /api/health and the load balancer listens; rejects (all stopped) otherwise. */
export function startCluster(options?: ClusterOptions): Promise<Cluster>;
