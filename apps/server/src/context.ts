import type { Redis } from 'ioredis';
import type { TradingGateway } from './cluster/gateway.js';
import type { ShardOwnership } from './cluster/shards.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { AccountsService } from './modules/accounts/accounts.service.js';
import type { AffiliatesService } from './modules/affiliates/affiliates.service.js';
import type { AuditRepo } from './modules/audit/audit.repo.js';
import type { AutoTradingService } from './modules/auto-trading/auto-trading.service.js';
import type { BrandsService } from './modules/brands/brands.service.js';
import type { ContentService } from './modules/content/content.service.js';
import type { DocumentsService } from './modules/kyc/documents.service.js';
import type { MailService } from './modules/mail/mail.service.js';
import type { MarketService } from './modules/market/market.service.js';
import type { Metrics } from './modules/metrics/metrics.js';
import type { PasswordResetService } from './modules/password-reset/password-reset.service.js';
import type { PaymentsService } from './modules/payments/payments.service.js';
import type { PopupsService } from './modules/popups/popups.service.js';
import type { ReferenceService } from './modules/reference/reference.service.js';
import type { ReferralsService } from './modules/referrals/referrals.service.js';
import type { SessionsService } from './modules/sessions/sessions.service.js';
import type { StaffService } from './modules/staff/staff.service.js';
import type { TradingService } from './modules/trading/trading.service.js';

/** What modules need from the outside world, built once in main.ts (or a test) and passed down. */
export interface AppContext {
  config: Config;
  database: Database;
  redis: Redis | undefined;
  brands: BrandsService;
  sessions: SessionsService;
  accounts: AccountsService;
  reference: ReferenceService;
  mail: MailService;
  passwordReset: PasswordResetService;
  popups: PopupsService;
  documents: DocumentsService;
  audit: AuditRepo;
  market: MarketService;
  trading: TradingService;
  /**
   * One account's book as the rest of the app asks for it — this node's engine on one node; in a cluster
   * the engine of the node owning the account's shard (cluster/gateway.ts).
   */
  gateway: TradingGateway;
  /** The shards this node owns, in a cluster (CLUSTER_SHARDS); undefined on one node. */
  shards?: ShardOwnership;
  /** Auto-trading: the clients' strategies on closed candles, their limits, the kill switch, the backtest. */
  autoTrading: AutoTradingService;
  content: ContentService;
  payments: PaymentsService;
  /** Bearer token of the operator API (/api/admin) the CLI uses; see payments/operator-token.ts. */
  operatorToken: string;
  affiliates: AffiliatesService;
  referrals: ReferralsService;
  /** Prometheus metrics of this server instance (GET /metrics); a fresh registry per runtime. */
  metrics: Metrics;
  /** Back-office staff: sign-in, two-factor enrolment, staff sessions (their own idle timeout). */
  staff: StaffService;
}
