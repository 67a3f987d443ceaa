import fs from 'node:fs/promises';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { FeedLeader } from './cluster/feed-leader.js';
import { type ClusterGateway, clusterGateway, localGateway } from './cluster/gateway.js';
import { ShardOwnership } from './cluster/shards.js';
import {
  assertSafeToServe,
  type Config,
  ConfigError,
  DEMO_MARKER_FILE,
  EMBEDDED_DATABASE_DIR,
} from './config.js';
import type { AppContext } from './context.js';
import { type Database, DatabaseUnavailableError, openDatabase } from './db/client.js';
import { createLogger } from './lib/logger.js';
import { SecretBox } from './lib/secret-box.js';
import type { PriceFeed } from './market/feed.js';
import { type Catalogue, loadCatalogue } from './market/instruments.js';
import { ReplayFeed } from './market/replay-feed.js';
import { SimulatedFeed } from './market/simulated-feed.js';
import { WebSocketFeed } from './market/websocket-feed.js';
import { AccountsRepo } from './modules/accounts/accounts.repo.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { ClientsService } from './modules/accounts/admin/clients-admin.service.js';
import { LoginCodesRepo } from './modules/accounts/login-codes.repo.js';
import { AffiliatesAdminService } from './modules/affiliates/admin/affiliates-admin.service.js';
import { AffiliatesRepo } from './modules/affiliates/affiliates.repo.js';
import { AffiliatesService } from './modules/affiliates/affiliates.service.js';
import { AppropriatenessService } from './modules/appropriateness/appropriateness.service.js';
import { AuditRepo } from './modules/audit/audit.repo.js';
import { auditSettings } from './modules/audit/audit-chain.js';
import { AuditQuery } from './modules/audit/audit-query.js';
import { AutoTradingAdminRepo } from './modules/auto-trading/admin/auto-trading-admin.repo.js';
import { AutoTradingAdminService } from './modules/auto-trading/admin/auto-trading-admin.service.js';
import { AutoTradingRepo } from './modules/auto-trading/auto-trading.repo.js';
import { AutoTradingService } from './modules/auto-trading/auto-trading.service.js';
import { BrandsAdminService } from './modules/brands/admin/brands-admin.service.js';
import { tradingProfileOf } from './modules/brands/brand-trading.js';
import { BrandsRepo } from './modules/brands/brands.repo.js';
import { BrandsService } from './modules/brands/brands.service.js';
import { ChartLayoutsRepo } from './modules/chart-layouts/chart-layouts.repo.js';
import { ChartLayoutsService } from './modules/chart-layouts/chart-layouts.service.js';
import { BrandComplianceService } from './modules/compliance/brand-compliance.service.js';
import { ComplianceStatusRepo } from './modules/compliance/compliance-status.repo.js';
import { ComplianceStatusService } from './modules/compliance/compliance-status.service.js';
import { ComplianceTasksService } from './modules/compliance-tasks/compliance-tasks.service.js';
import { ContentAdminService } from './modules/content/admin/content-admin.service.js';
import { ContentRepo } from './modules/content/content.repo.js';
import { ContentService } from './modules/content/content.service.js';
import { DealingService } from './modules/dealing/dealing.service.js';
import { FillAuditRepo } from './modules/fill-audit/fill-audit.repo.js';
import { FillAuditService } from './modules/fill-audit/fill-audit.service.js';
import { DocumentExpiryService } from './modules/kyc/document-expiry.js';
import { DocumentStore } from './modules/kyc/document-store.js';
import { DocumentsRepo } from './modules/kyc/documents.repo.js';
import { DocumentsService } from './modules/kyc/documents.service.js';
import { OutboxRepo } from './modules/mail/mail.repo.js';
import { createSmtpTransport, MailService } from './modules/mail/mail.service.js';
import { syncInstruments } from './modules/market/instruments.sync.js';
import { MarketService } from './modules/market/market.service.js';
import { MediaService } from './modules/media/media.service.js';
import { createMetrics } from './modules/metrics/metrics.js';
import { PasswordResetRepo } from './modules/password-reset/password-reset.repo.js';
import { PasswordResetService } from './modules/password-reset/password-reset.service.js';
import { MoneyRequestsService } from './modules/payments/admin/money-requests.service.js';
import { MoneyService } from './modules/payments/admin/staff-money.service.js';
import { readOperatorToken, resolveOperatorToken } from './modules/payments/operator-token.js';
import { PaymentsRepo } from './modules/payments/payments.repo.js';
import { PaymentsService } from './modules/payments/payments.service.js';
import { PopupsAdminService } from './modules/popups/admin/popups-admin.service.js';
import { PopupsRepo } from './modules/popups/popups.repo.js';
import { PopupsService } from './modules/popups/popups.service.js';
import { PriceAlertsRepo } from './modules/price-alerts/price-alerts.repo.js';
import { PriceAlertsService } from './modules/price-alerts/price-alerts.service.js';
import { PushRepo } from './modules/price-alerts/push.repo.js';
import { PushService } from './modules/price-alerts/push.service.js';
import { ReferenceRepo } from './modules/reference/reference.repo.js';
import { ReferenceService } from './modules/reference/reference.service.js';
import { ReferralsRepo } from './modules/referrals/referrals.repo.js';
import { ReferralsService } from './modules/referrals/referrals.service.js';
import { ReportsService } from './modules/reports/reports.service.js';
import { RiskService } from './modules/risk/risk.service.js';
import { SourceOfFundsRepo } from './modules/risk/source-of-funds.repo.js';
import { ScreeningService } from './modules/screening/screening.service.js';
import { SessionsRepo } from './modules/sessions/sessions.repo.js';
import { SessionsService } from './modules/sessions/sessions.service.js';
import { StaffAdminService } from './modules/staff/admin/staff-admin.service.js';
import { queueStaffMail, secondFactorLockedMail } from './modules/staff/admin/staff-mail.js';
import { StaffRepo } from './modules/staff/staff.repo.js';
import { StaffService } from './modules/staff/staff.service.js';
import { StatementsService } from './modules/statements/statements.service.js';
import { TradingRepo } from './modules/trading/trading.repo.js';
import { TradingService } from './modules/trading/trading.service.js';
import { AccountTransfersRepo } from './modules/trading-accounts/account-transfers.repo.js';
import { TradingAccountsRepo } from './modules/trading-accounts/trading-accounts.repo.js';
import { TradingAccountsService } from './modules/trading-accounts/trading-accounts.service.js';
import { TradingSettingsRepo } from './modules/trading-settings/trading-settings.repo.js';
import { TradingSettingsService } from './modules/trading-settings/trading-settings.service.js';
import { WatchlistsRepo } from './modules/watchlists/watchlists.repo.js';
import { WatchlistsService } from './modules/watchlists/watchlists.service.js';
import { DEMO_LOGINS, prepareDatabase, type SeedResult } from './seed/seed.js';

/** Thrown when Redis is configured but cannot be reached. */
export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

export interface Runtime {
  ctx: AppContext;
  seed: SeedResult;
  /** Demo mode and the demo accounts exist in this database (the banner prints their logins). */
  demoAccounts: boolean;
  /** Stops the market and the engine, then closes the mail transport, Redis and the database. */
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /**
   * Start the live market (feed, history) and the trading engine: the server and tests do; the CLI
   * does not. A live runtime refuses unsafe settings outside demo mode and claims the database's
   * engine (one server per database).
   */
  live?: boolean;
  /**
   * 'prepare' (default: the server, `cli migrate`, tests) migrates and seeds an empty database.
   * 'existing' (operator commands) opens a database the server has set up and changes nothing about
   * it: never a second, freshly seeded database by mistake.
   */
  database?: 'prepare' | 'existing';
  /** Told when the engine's claim on the database is lost (its PostgreSQL connection broke). */
  onEngineClaimLost?: (error: Error) => void;
  /**
   * An in-memory embedded database starts from this snapshot (`Database.snapshot()`) instead of empty: the
   * test suites start from a database seeded once per run.
   */
  embeddedSnapshot?: string;
}

/** The database is not one the server has set up (operator commands open only such databases). */
export class DatabaseNotReadyError extends DatabaseUnavailableError {
  override name = 'DatabaseNotReadyError';
}

function createFeed(config: Config, catalogue: Catalogue, startTime: number): PriceFeed | undefined {
  switch (config.marketFeed) {
    case 'none':
      return undefined;
    case 'replay':
      if (!config.marketReplayFile) {
        throw new ConfigError(
          'Invalid configuration: MARKET_FEED=replay needs MARKET_REPLAY_FILE (a CSV of ts,symbol,bid,ask)',
        );
      }
      return new ReplayFeed({
        source: { path: config.marketReplayFile },
        knownSymbols: new Set(catalogue.instruments.map((i) => i.symbol)),
        restamp: true,
      });
    case 'websocket':
      if (!config.marketWsUrl || !config.marketWsOptions) {
        throw new ConfigError(
          'Invalid configuration: MARKET_FEED=websocket needs MARKET_WS_URL and MARKET_WS_OPTIONS (the field mapping)',
        );
      }
      return new WebSocketFeed({ url: config.marketWsUrl, ...config.marketWsOptions });
    default:
      return new SimulatedFeed({ instruments: catalogue.instruments, seed: config.marketSeed, startTime });
  }
}

/**
 * Opens everything the app depends on: the database (migrated, and seeded when empty) and Redis
 * when configured. Shared by the server, the CLI and the tests, so all three start the same way.
 */
export async function openRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  // A shared deployment is never one forgotten variable away from free money (decision 0010).
  if (options.live) assertSafeToServe(config);
  const existing = options.database === 'existing';
  if (existing) await assertEmbeddedDatabaseExists(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    embeddedSnapshot: options.embeddedSnapshot,
  });
  let redis: Redis | undefined;
  let engineClaim: { release(): Promise<void> } | undefined;
  try {
    const cluster = config.clusterShards !== undefined && options.live === true;
    // one server per database unless it runs as a cluster of nodes, each owning some engine shards
    if (options.live && !cluster) {
      engineClaim = await database.claimEngine(
        options.onEngineClaimLost ??
          ((error) =>
            process.stderr.write(`openbroker: the engine lost its database lock: ${error.message}\n`)),
      );
    }
    let seed: SeedResult = { seeded: false, demo: false };
    if (existing) {
      await assertDatabaseReady(database, config);
    } else {
      // cluster nodes started together migrate and seed one after the other (the first does the work)
      seed = await oneAtATime(cluster ? config.databaseUrl : undefined, () =>
        prepareDatabase(database, config),
      );
      if (seed.seeded && config.demo) await markDemoDatabase(config);
    }
    if (config.redisUrl) redis = await connectRedis(config.redisUrl);
    const { db } = database;
    const catalogue = loadCatalogue();
    await syncInstruments(db, catalogue);
    const startTime = Date.now();
    // Start-up progress for the operator, at the info level like the rest of the start-up output.
    const log = (message: string) => {
      if (['info', 'debug', 'trace'].includes(config.logLevel)) process.stdout.write(`${message}\n`);
    };
    // One registry per runtime: tests open many side by side (GET /metrics, decision 0015). Operator
    // commands serve no /metrics, so they skip the process collectors.
    const metrics = createMetrics({ processMetrics: options.live === true });
    const feed = options.live ? createFeed(config, catalogue, startTime) : undefined;
    const market = new MarketService({
      catalogue,
      // in a cluster the feed runs on the feed leader only, which relays its quotes to every node
      feed: cluster ? undefined : feed,
      history:
        options.live && config.marketHistory && config.marketFeed === 'simulated'
          ? { seed: config.marketSeed, end: startTime }
          : undefined,
      log,
      metrics,
    });
    const sessions = new SessionsService(new SessionsRepo(db), config.sessionIdleMs);
    // Engine failures go to the app's pino logger at error level (seen at LOG_LEVEL=warn), not to stdout.
    const logger = createLogger(config);
    // AUDIT_KEY, and the chain head's checkpoints in DATA_DIR and the server's log (decision 0024)
    const audit = new AuditRepo(db, auditSettings(config, { log: logger, logHeads: options.live === true }));
    // Staff sessions are their own kind with their own idle timeout (15 minutes).
    const staff = new StaffService(
      new StaffRepo(db),
      new SessionsService(new SessionsRepo(db), config.staffSessionIdleMs),
      new SecretBox(config.staffTotpKey),
      audit,
    );
    const accountsRepo = new AccountsRepo(db);
    const reference = new ReferenceService(new ReferenceRepo(db));
    const mail = new MailService(
      new OutboxRepo(db),
      config.smtpUrl ? createSmtpTransport(config.smtpUrl) : undefined,
      // Reset links reach the log only in a demo without SMTP.
      { from: config.mailFrom, maxAttempts: config.mailMaxAttempts, metrics, logLinks: config.demo },
    );
    // A member whose second factor locks after wrong codes is told by mail (staff credentials).
    staff.onSecondFactorLocked = (member, minutes) =>
      queueStaffMail(mail, secondFactorLockedMail(member, minutes, new Date()), logger);
    const paymentsRepo = new PaymentsRepo(db);
    const fillAuditRepo = new FillAuditRepo(db);
    const tradingRepo = new TradingRepo(db, {
      // what each fill was dealt at commits with the trade (the fill audit)
      fills: fillAuditRepo,
      // a booking's payment effect (withdrawal request, status change) is stored by the payments module, typed
      paymentEffects: paymentsRepo,
      // a transfer's row and audit row commit with its two ledger entries (modules/trading-accounts)
      transferEffects: new AccountTransfersRepo(db),
      positionIds: {
        onError: (err) => logger.error({ err }, 'trading: position ids could not be reserved'),
      },
      metrics,
    });
    let shards: ShardOwnership | undefined;
    const owns = cluster ? (accountId: number) => shards?.owns(accountId) === true : undefined;
    const trading = new TradingService(tradingRepo, market, {
      ...(owns ? { owns } : {}),
      requoteTolerance: config.requoteTolerance,
      stopOutLevel: config.stopOutLevel,
      metrics,
      log: {
        info: (msg) => log(msg),
        error: (obj, msg) => logger.error(obj, msg),
      },
    });
    const brands = new BrandsService(new BrandsRepo(db), config.defaultBrand);
    const autoTrading = new AutoTradingService(new AutoTradingRepo(db), trading, market, brands, {
      clock: market.clock,
      log: { error: (obj, msg) => logger.error(obj, msg) },
      ...(owns ? { owns } : {}),
    });
    const gatewayLog = { error: (obj: object, msg: string) => logger.error(obj, msg) };
    let gateway: ClusterGateway | undefined;
    if (cluster && redis && config.databaseUrl && config.clusterShards) {
      const clusterShards = config.clusterShards;
      const owner = new ShardOwnership({
        databaseUrl: config.databaseUrl,
        shards: clusterShards,
        nodeId: config.nodeId,
        redis,
        prefix: config.redisPrefix,
        log: { info: log, error: gatewayLog.error },
        onLost:
          options.onEngineClaimLost ??
          ((error) =>
            process.stderr.write(`openbroker: this node lost its engine shards: ${error.message}\n`)),
        adopt: async (shard) => {
          const accounts = await trading.adopt(shard, clusterShards);
          await autoTrading.adopt(shard, clusterShards);
          await gateway?.rpc.serve(shard);
          log(`cluster: shard ${shard} loaded (${accounts} accounts)`);
        },
      });
      shards = owner;
      gateway = clusterGateway({
        side: { trading, market, autoTrading },
        shards: owner,
        redis,
        prefix: config.redisPrefix,
        nodeId: config.nodeId,
        log: gatewayLog,
      });
    }
    const feedLeader =
      cluster && redis && config.databaseUrl && feed
        ? new FeedLeader({
            databaseUrl: config.databaseUrl,
            redis,
            prefix: config.redisPrefix,
            nodeId: config.nodeId,
            feed,
            ingest: (quote) => market.ingest(quote),
            log: { info: log, error: gatewayLog.error },
          })
        : undefined;
    // one gateway for the app and the payments: in a cluster, the same routing to the shard owners
    const books = gateway ?? localGateway({ trading, market, autoTrading }, gatewayLog);
    // a client's compliance standing: written by the checks, read by the engine (on reload) and payments
    const clientAccounts = new TradingAccountsRepo(db);
    const compliance = new ComplianceStatusService(new ComplianceStatusRepo(db), {
      refreshClient: async (userId) => {
        for (const account of await clientAccounts.listByUser(userId)) await books.refresh(account.id);
      },
    });
    // compliance tasks: the checks raise them, compliance staff work them (pass it to a check as its tasks port)
    const complianceTasks = new ComplianceTasksService(database);
    // sanctions and PEP screening: sets the screening part of the standing and raises compliance tasks
    const screening = new ScreeningService({
      database,
      compliance,
      tasks: complianceTasks,
      log: { error: (obj, msg) => logger.error(obj, msg) },
    });
    const payments = new PaymentsService(paymentsRepo, books, {
      compliance,
      masterSecret: config.paymentSandboxSecret,
      secretBox: new SecretBox(config.brandSecretsKey),
      webhookToleranceMs: config.paymentWebhookToleranceMs,
      sandbox: config.paymentSandbox,
    });
    const passwordReset = new PasswordResetService(
      new PasswordResetRepo(db),
      accountsRepo,
      sessions,
      mail,
      config.publicUrl,
    );
    // proofs of identity and address: their expiry is swept (told 30 days before, stopped after the brand's grace)
    const documentsRepo = new DocumentsRepo(db);
    const documentExpiry = new DocumentExpiryService({
      repo: documentsRepo,
      accounts: accountsRepo,
      brands,
      mail,
      tasks: complianceTasks,
      compliance,
      publicUrl: config.publicUrl,
      log: logger,
    });
    const documents = new DocumentsService(
      documentsRepo,
      accountsRepo,
      new DocumentStore(config.uploadDir),
      undefined,
      {
        countries: async () => (await reference.countries()).map((c) => c.alpha2),
        standing: documentExpiry,
      },
    );
    const money = new MoneyService({ database, payments, books });
    const affiliates = new AffiliatesService(new AffiliatesRepo(db), sessions);
    // one store of uploaded files: served at /media, written by the brand editor and the content editor
    const media = new MediaService(db);
    // price alerts: web push through its own outbox and worker, alerts evaluated on every accepted tick
    const push = new PushService(new PushRepo(db), {
      subject: `mailto:${config.mailFrom}`,
      log: { error: (obj, msg) => logger.error(obj, msg) },
    });
    const priceAlerts = new PriceAlertsService(new PriceAlertsRepo(db), push.repo, {
      market,
      brands,
      mail,
      profileOf: (brand) => tradingProfileOf(brand.settings),
      publicUrl: config.publicUrl,
      wakePush: () => push.worker.wake(),
      // a cluster node picks up alerts set through other nodes (decision 0027)
      ...(cluster ? { syncMs: 2_000 } : {}),
      log: { error: (obj, msg) => logger.error(obj, msg) },
    });
    const ctx: AppContext = {
      config,
      database,
      redis,
      brands,
      sessions,
      accounts: new AccountsService(accountsRepo, sessions, new LoginCodesRepo(db), reference, {
        loginCodeTtlMs: config.loginCodeTtlMs,
        // screened at registration and on every change of name, birth date or country
        onScreenedDataChanged: (userId) => screening.screenClientSafely(userId),
      }),
      reference,
      mail,
      passwordReset,
      popups: new PopupsService(new PopupsRepo(db)),
      documents,
      documentExpiry,
      compliance,
      appropriateness: new AppropriatenessService(db, {
        compliance,
        brands,
        // a change of the brand's test reloads its live accounts (requirement, warn leverage cap) into the engine
        refreshBrand: async (brandId) => {
          for (const id of await clientAccounts.liveIdsOfBrand(brandId)) await books.refresh(id);
        },
      }),
      brandCompliance: new BrandComplianceService(db, {
        brands,
        countries: async () => (await reference.countries()).map((c) => c.alpha2),
        // a change of the high-risk list rescores the brand's clients in the countries concerned, in the background
        highRiskCountriesChanged: (brandId, codes) => void ctx.risk.recomputeCountries(brandId, codes),
      }),
      complianceTasks,
      risk: new RiskService({
        repo: new SourceOfFundsRepo(db),
        compliance,
        tasks: complianceTasks,
        approvedDeposits: (userId) => paymentsRepo.approvedDepositTotal(userId),
        transaction: (work) => db.transaction(work),
        logError: (message, err) => logger.error({ err }, message),
      }),
      screening,
      audit,
      content: new ContentService(new ContentRepo(db), mail),
      market,
      trading,
      gateway: books,
      ...(shards ? { shards } : {}),
      autoTrading,
      payments,
      // The server makes (demo) or takes (OPERATOR_TOKEN) the token; other processes only read it.
      operatorToken: options.live
        ? await resolveOperatorToken(config)
        : (config.operatorToken ?? (await readOperatorToken(config)) ?? ''),
      affiliates,
      referrals: new ReferralsService(new ReferralsRepo(db)),
      metrics,
      staff,
      staffAdmin: new StaffAdminService(db, staff, config.publicUrl),
      affiliatesAdmin: new AffiliatesAdminService({ db, affiliates, sessions }),
      popupsAdmin: new PopupsAdminService(db),
      contentAdmin: new ContentAdminService(db),
      media,
      brandsAdmin: new BrandsAdminService(
        new BrandsRepo(db),
        brands,
        media,
        new SecretBox(config.brandSecretsKey),
        { sandboxPayments: config.paymentSandbox },
      ),
      autoTradingAdmin: new AutoTradingAdminService(new AutoTradingAdminRepo(db), brands, () => autoTrading),
      auditQuery: new AuditQuery(db),
      money,
      moneyRequests: new MoneyRequestsService({ database, payments, gateway: books, market, money }),
      dealing: new DealingService({ database, gateway: books, market, trading, brands }),
      reports: new ReportsService({ database, gateway: books }),
      statements: new StatementsService({ database, gateway: books }),
      clientsAdmin: new ClientsService({
        database,
        reference,
        documents,
        gateway: books,
        sessions,
        passwordReset,
        money,
        onScreenedDataChanged: (userId) => screening.screenClientSafely(userId),
      }),
      watchlists: new WatchlistsService(new WatchlistsRepo(db), market.catalogue),
      tradingSettings: new TradingSettingsService(
        new TradingSettingsRepo(db),
        market.catalogue,
        (userId, symbol) => trading.tradingTerms(userId, symbol)?.leverages,
      ),
      chartLayouts: new ChartLayoutsService(new ChartLayoutsRepo(db), market.catalogue),
      fillAudit: new FillAuditService(fillAuditRepo, {
        clock: market.clock,
        ring: market.recent,
        log: { error: (obj, msg) => logger.error(obj, msg) },
      }),
      priceAlerts,
      push,
      // a client's trading accounts: the list, opening, switching, demo resets, transfers, "Try a demo"
      tradingAccounts: new TradingAccountsService({
        db,
        transfers: new AccountTransfersRepo(db),
        engine: trading,
        // the list's figures and demo resets reach the account's book wherever it is held (a cluster's shard owner)
        books,
        catalogue: market.catalogue,
        sessions,
        heldBack: (brand, accountId) => payments.heldBack(brand, accountId),
        now: () => new Date(market.clock.now()),
      }),
    };
    // the risk score recomputes when one of its inputs changes: another check's standing, an approved deposit,
    // the client's country (docs/compliance.md "Risk score")
    ctx.risk.listen();
    payments.onDepositApproved((accountId) => {
      clientAccounts
        .findById(accountId)
        .then((account) => account && ctx.risk.recomputeLater(account.userId))
        .catch((err) => logger.error({ err }, 'risk score: account of a deposit not found'));
    });
    const countryChanged = (
      before: { countryId: number | null },
      after: { id: number; countryId: number | null },
    ) => {
      if (before.countryId !== after.countryId) ctx.risk.recomputeLater(after.id);
    };
    ctx.accounts.onProfileChanged(countryChanged);
    ctx.clientsAdmin.onProfileChanged = countryChanged;
    if (options.live) {
      await market.start();
      // every brand's trading profile (costs, stop-out, margin-call level) before the engine's first sweep;
      // later changes staff make reach it through brands.onTradingChanged (realtime/socket-server.ts)
      for (const [key, profile] of await ctx.brands.tradingProfiles()) ctx.trading.setProfile(key, profile);
      await ctx.trading.start();
      // the strategies run on the engine's books, from the first closed candle on
      await ctx.autoTrading.start();
      // the feed's quotes around each fill, once the minute after it passed
      ctx.fillAudit.start();
      // documents' expiry: once now, then hourly (each document told once, whichever node sweeps)
      documentExpiry.start();
      // the active price alerts on the ticks, and the pushes they queue
      await priceAlerts.start();
      await push.start();
      // prices from the feed leader; then this node's share of the engine shards
      if (shards || feedLeader)
        metrics.watchCluster({
          ...(shards ? { shards } : {}),
          ...(feedLeader ? { leader: feedLeader } : {}),
        });
      await feedLeader?.start();
      await gateway?.start();
      await shards?.start();
    }
    const demoAccounts = config.demo && (seed.demo || (await hasDemoAccounts(ctx, accountsRepo)));
    return {
      ctx,
      seed,
      demoAccounts,
      async close() {
        if (options.live) {
          shards?.pause();
          await ctx.fillAudit.stop();
          await documentExpiry.stop();
          await ctx.autoTrading.stop();
          await market.stop();
          await priceAlerts.stop();
          await push.stop();
          await ctx.trading.stop();
          // the shards are freed only once no commit of this node is in flight: the next owner loads a settled book
          await shards?.stop();
          await gateway?.stop();
          await feedLeader?.stop();
        }
        // forgot-password requests answered before their reset and mail were stored
        await ctx.passwordReset.idle();
        await mail.close();
        // the last appends' checkpoints, before the database closes
        await audit.close();
        if (redis) await redis.quit().catch(() => redis?.disconnect());
        await engineClaim?.release();
        await database.close();
      },
    };
  } catch (error) {
    redis?.disconnect();
    await engineClaim?.release().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}

/**
 * Runs `work` under a PostgreSQL advisory lock when `databaseUrl` is given (cluster nodes starting together
 * migrate and seed one at a time); without it, just runs it.
 */
async function oneAtATime<T>(databaseUrl: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!databaseUrl) return work();
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'openbroker-migrate' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [0x0b0c5eed]);
    return await work();
  } finally {
    await client.end().catch(() => {});
  }
}

/** Records in DATA_DIR that this embedded database was created as a demo (decision 0010). */
async function markDemoDatabase(config: Config): Promise<void> {
  if (config.databaseUrl || config.dataDir.startsWith('memory://')) return;
  await fs.writeFile(
    path.join(config.dataDir, DEMO_MARKER_FILE),
    'This embedded database was created as an OpenBroker demo: it starts in demo mode unless DEMO=false.\n' +
      'Its demo accounts have public passwords. Start a real deployment on an empty database instead.\n',
  );
}

async function hasDemoAccounts(ctx: AppContext, accounts: AccountsRepo): Promise<boolean> {
  const brand = await ctx.brands.resolve(undefined).catch(() => undefined);
  const [first] = DEMO_LOGINS;
  return Boolean(brand && first && (await accounts.findByEmail(brand.id, first.email)));
}

/** Operator commands never create an embedded database: a missing one means the wrong DATA_DIR. */
async function assertEmbeddedDatabaseExists(config: Config): Promise<void> {
  if (config.databaseUrl || config.dataDir.startsWith('memory://')) return;
  const entries = await fs.readdir(path.join(config.dataDir, EMBEDDED_DATABASE_DIR)).catch(() => []);
  if (entries.length === 0) {
    throw new DatabaseNotReadyError(
      `There is no database in ${config.dataDir}. Start the server once (npm start) to create it, ` +
        'or set DATA_DIR (or DATABASE_URL) to the one your server uses.',
    );
  }
}

/** Operator commands act only on a database the server has migrated and seeded. */
async function assertDatabaseReady(database: Database, config: Config): Promise<void> {
  const pending = await database.pendingMigrations(config.migrationsDir);
  if (pending > 0) {
    throw new DatabaseNotReadyError(
      `${database.describe} is not set up for this version (${pending} migration(s) not applied). ` +
        'Start the server (npm start) or run `npm run cli -- migrate` first.',
    );
  }
}

async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 3_000 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch (error) {
    redis.disconnect();
    const where = new URL(url).host;
    throw new RedisUnavailableError(
      `Cannot reach Redis at ${where} (${(error as Error).message}). Start Redis or unset REDIS_URL.`,
    );
  }
}
