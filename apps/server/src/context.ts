import type { Redis } from 'ioredis';
import type { TradingGateway } from './cluster/gateway.js';
import type { ShardOwnership } from './cluster/shards.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { AccountsService } from './modules/accounts/accounts.service.js';
import type { ClientsService } from './modules/accounts/admin/clients-admin.service.js';
import type { AffiliatesAdminService } from './modules/affiliates/admin/affiliates-admin.service.js';
import type { AffiliatesService } from './modules/affiliates/affiliates.service.js';
import type { AppropriatenessService } from './modules/appropriateness/appropriateness.service.js';
import type { AuditRepo } from './modules/audit/audit.repo.js';
import type { AuditQuery } from './modules/audit/audit-query.js';
import type { AutoTradingAdminService } from './modules/auto-trading/admin/auto-trading-admin.service.js';
import type { AutoTradingService } from './modules/auto-trading/auto-trading.service.js';
import type { BrandsAdminService } from './modules/brands/admin/brands-admin.service.js';
import type { BrandsService } from './modules/brands/brands.service.js';
import type { ChartLayoutsService } from './modules/chart-layouts/chart-layouts.service.js';
import type { BrandComplianceService } from './modules/compliance/brand-compliance.service.js';
import type { ComplianceStatusService } from './modules/compliance/compliance-status.service.js';
import type { ComplianceTasksService } from './modules/compliance-tasks/compliance-tasks.service.js';
import type { ContentAdminService } from './modules/content/admin/content-admin.service.js';
import type { ContentService } from './modules/content/content.service.js';
import type { DealingService } from './modules/dealing/dealing.service.js';
import type { FillAuditService } from './modules/fill-audit/fill-audit.service.js';
import type { DocumentExpiryService } from './modules/kyc/document-expiry.js';
import type { DocumentsService } from './modules/kyc/documents.service.js';
import type { MailService } from './modules/mail/mail.service.js';
import type { MarketService } from './modules/market/market.service.js';
import type { MediaService } from './modules/media/media.service.js';
import type { Metrics } from './modules/metrics/metrics.js';
import type { PasswordResetService } from './modules/password-reset/password-reset.service.js';
import type { MoneyRequestsService } from './modules/payments/admin/money-requests.service.js';
import type { MoneyService } from './modules/payments/admin/staff-money.service.js';
import type { PaymentsService } from './modules/payments/payments.service.js';
import type { PopupsAdminService } from './modules/popups/admin/popups-admin.service.js';
import type { PopupsService } from './modules/popups/popups.service.js';
import type { PriceAlertsService } from './modules/price-alerts/price-alerts.service.js';
import type { PushService } from './modules/price-alerts/push.service.js';
import type { ReferenceService } from './modules/reference/reference.service.js';
import type { ReferralsService } from './modules/referrals/referrals.service.js';
import type { ReportsService } from './modules/reports/reports.service.js';
import type { RiskService } from './modules/risk/risk.service.js';
import type { ScreeningService } from './modules/screening/screening.service.js';
import type { SessionsService } from './modules/sessions/sessions.service.js';
import type { StaffAdminService } from './modules/staff/admin/staff-admin.service.js';
import type { StaffService } from './modules/staff/staff.service.js';
import type { StatementsService } from './modules/statements/statements.service.js';
import type { TradingService } from './modules/trading/trading.service.js';
import type { TradingAccountsService } from './modules/trading-accounts/trading-accounts.service.js';
import type { TradingSettingsService } from './modules/trading-settings/trading-settings.service.js';
import type { WatchlistsService } from './modules/watchlists/watchlists.service.js';

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
  /** The expiry sweep of proofs of identity and address (told 30 days before; stopped after the brand's grace). */
  documentExpiry: DocumentExpiryService;
  /** A client's compliance standing (screening, the appropriateness test, document expiry, risk) and what it stops. */
  compliance: ComplianceStatusService;
  /** The appropriateness test: the brand's questionnaire, the clients' attempts and outcomes, staff's settings. */
  appropriateness: AppropriatenessService;
  /** A brand's document and risk settings (grace days, client-entered details, high-risk countries). */
  brandCompliance: BrandComplianceService;
  /** Compliance tasks: raised by the checks (the ComplianceTasksPort), worked by compliance staff. */
  complianceTasks: ComplianceTasksService;
  /** The client's risk score from the domain's rules, the source-of-funds answers, enhanced due diligence. */
  risk: RiskService;
  /** Sanctions and PEP screening: list imports, screening clients, the review queue (docs/compliance.md). */
  screening: ScreeningService;
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
  /** The back office's staff management: members, roles, brand scopes, idle limits. */
  staffAdmin: StaffAdminService;
  /** The back office's affiliates: create, disable, reset password, funnel. */
  affiliatesAdmin: AffiliatesAdminService;
  /** The back office's pop-ups: sanitised HTML, audience, schedule, who read them. */
  popupsAdmin: PopupsAdminService;
  /** The back office's content editor: pages, versions, publishing, singletons, the contact inbox. */
  contentAdmin: ContentAdminService;
  /** Uploaded brand files (logos, favicons, content images): stored checked, served at /media. */
  media: MediaService;
  /** The back office's brands: create, settings, hosts, theme, payments, logo and favicon. */
  brandsAdmin: BrandsAdminService;
  /** The back office's auto-trading per brand: the offer, the leverage cap, the kill switch. */
  autoTradingAdmin: AutoTradingAdminService;
  /** The audit screen's reads: the log filtered and brand-scoped, and its export. */
  auditQuery: AuditQuery;
  /** The back office's money queues (deposits, withdrawals; four-eyes) and their news to the finance screens. */
  money: MoneyService;
  /** Staff money requests under two keys and the money caps. */
  moneyRequests: MoneyRequestsService;
  /** The dealing desk: positions, exposure, halts, closing; the live desk's snapshots. */
  dealing: DealingService;
  /** Reports and KPIs, the retail-loss disclosure. */
  reports: ReportsService;
  /** The client's account statements (JSON, CSV, PDF), read from the ledger. */
  statements: StatementsService;
  /** The client's fill audit: what each fill was dealt at, checked, with the feed's quotes around it. */
  fillAudit: FillAuditService;
  /** The back office's client management and KYC. */
  clientsAdmin: ClientsService;
  /** The terminal's watchlists and favourites of each client. */
  watchlists: WatchlistsService;
  /** Each client's trading settings: one-click trading and its default sizes. */
  tradingSettings: TradingSettingsService;
  /** The terminal chart's indicators and drawings of each client, per symbol. */
  chartLayouts: ChartLayoutsService;
  /** The terminal's price alerts: the clients' alerts and their evaluation on the ticks. */
  priceAlerts: PriceAlertsService;
  /** A client's trading accounts: the list with live figures, opening, switching, demo resets and transfers. */
  tradingAccounts: TradingAccountsService;
  /** Web push of the clients' browsers: VAPID keys, subscriptions, the push worker. */
  push: PushService;
}
