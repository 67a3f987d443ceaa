import { parseMoney } from '@openbroker/domain';
import { count, eq, sql } from 'drizzle-orm';
import { type Config, DEVELOPMENT_STAFF_TOTP_KEY } from '../config.js';
import type { Database, Db } from '../db/client.js';
import {
  affiliates,
  assetCategories,
  type BrandSettings,
  brands,
  contentPages,
  contentSingletons,
  countries,
  economicEvents,
  popups,
  staffUsers,
  users,
} from '../db/schema.js';
import { hashPassword } from '../lib/passwords.js';
import { newCode, newPin } from '../lib/random.js';
import { SecretBox } from '../lib/secret-box.js';
import { Ledger, SEED_ENTRIES } from '../modules/ledger/ledger.js';
import { nonDemoPaymentProviders, sandboxPaymentProviders } from '../modules/payments/payments.defaults.js';
import { seedSampleLists } from '../modules/screening/samples.js';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../modules/staff/demo-staff.js';
import { TradingAccountsRepo } from '../modules/trading-accounts/trading-accounts.repo.js';
import type { BrandFacts } from '../starter/brand-facts.js';
import { economicEventSeeds } from '../starter/economic-events.js';
import { brandPages, siteSettings } from '../starter/index.js';
import countryRows from './data/countries.json' with { type: 'json' };
import { defaultBrandExtras, defaultBrandFacts, variantBrands } from './seed-brands.js';

/** Category ids are fixed: clients' assets_group_permission lists them (spec §6). */
export const ASSET_CATEGORIES = [
  // Leverage caps follow the ESMA retail limits: 30 majors, 20 indices/gold, 10 commodities, 5 stocks, 2 crypto.
  { id: 1, name: 'forex', leverage: '1,3,5,10,15,20,30' },
  { id: 2, name: 'stocks', leverage: '1,3,5' },
  { id: 3, name: 'crypto', leverage: '1,2' },
  { id: 4, name: 'commodities', leverage: '1,3,5,10,15,20' },
  { id: 5, name: 'index', leverage: '1,3,5,10,15,20' },
] as const;

export const DEMO_BRAND_SETTINGS: BrandSettings = {
  currency: 'EUR',
  currencySymbol: '€',
  // the demo brand's clients may hold live accounts in euros, dollars and pounds (docs/accounts.md)
  accountCurrencies: ['EUR', 'USD', 'GBP'],
  minDeposit: 250,
  languages: ['en', 'de'],
  features: {
    registrationEnabled: true,
    restrictedMode: false,
    economics: true,
    homeRedirectsToPlatform: false,
  },
  theme: { primary: '#0b5cff', logoText: 'OpenBroker' },
  legalName: 'OpenBroker Demo Ltd.',
  copyright:
    '© OpenBroker Demo Ltd. CFDs are complex instruments and come with a high risk of losing money rapidly due to leverage.',
  supportEmail: 'support@example.com',
  homeSlug: 'index',
  payments: sandboxPaymentProviders('OpenBroker Demo Ltd.'),
};

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
  where: string;
}

/** The demo logins seeded on first start (also listed in README.md). */
/** The verified demo client's opening deposit, in the brand's currency. */
export const DEMO_OPENING_BALANCE = SEED_ENTRIES['opening-balance'].amount;

export const DEMO_LOGINS: DemoLogin[] = [
  { role: 'Verified client', email: 'demo@example.com', password: 'Demo1234!', where: '/login' },
  { role: 'Unverified client', email: 'new@example.com', password: 'Demo1234!', where: '/login' },
  { role: 'Affiliate', email: 'affiliate@example.com', password: 'Demo1234!', where: '/affiliate' },
  {
    role: 'Staff admin',
    email: 'admin@example.com',
    password: 'Admin1234!',
    where: '/backoffice (+TOTP)',
  },
];

/**
 * The demo brand's welcome notice (spec §2 pop-up notices modal). Written as already-clean HTML:
 * seed.test.ts checks that the sanitiser leaves it unchanged.
 */
export const WELCOME_POPUP = {
  title: 'Welcome to OpenBroker Demo',
  content:
    '<p>This is a <strong>demo broker</strong>: prices are simulated and no real money moves.</p>' +
    '<p>Complete your profile and upload your documents under <em>My account</em> to try every step of the client area.</p>',
};

export interface SeedResult {
  /** True when this call filled an empty database. */
  seeded: boolean;
  demo: boolean;
}

export interface SeedOptions {
  demo: boolean;
  brandSlug: string;
  staffTotpKey?: string;
}

/**
 * Everything of a configuration the seed depends on: two configurations with equal inputs (and the same
 * migrations) set up equal databases. The test suites copy a database seeded once per run when theirs match.
 */
export function seedInputs(config: Config): SeedOptions {
  return {
    demo: config.demo && config.seedDemo,
    brandSlug: config.defaultBrand,
    staffTotpKey: config.staffTotpKey,
  };
}

/** Migrates the database, then seeds it when it is empty (the start of the server, `cli migrate` and the tests). */
export async function prepareDatabase(database: Database, config: Config): Promise<SeedResult> {
  await database.migrate(config.migrationsDir);
  return seedDatabase(database.db, seedInputs(config));
}

/**
 * Fills an empty database: reference data (countries, asset categories), the default brand and,
 * unless disabled, the demo accounts. Does nothing when a brand already exists, so restarts and
 * concurrent starts never duplicate or overwrite anything.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedResult> {
  // Every start but the first: no passwords to hash (the transaction below checks again, under its lock).
  if (await hasBrands(db)) return { seeded: false, demo: false };
  // Hash before the transaction: argon2 is deliberately slow.
  const hashes = options.demo
    ? await Promise.all(DEMO_LOGINS.map((login) => hashPassword(login.password)))
    : [];
  const staffHash = options.demo ? await hashPassword(DEMO_STAFF_PASSWORD) : '';
  return db.transaction(async (tx) => {
    // Serialise concurrent first starts on PostgreSQL; PGlite has one connection anyway.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    if (await hasBrands(tx as unknown as Db)) return { seeded: false, demo: false };

    await tx
      .insert(countries)
      .values(
        (countryRows as [string, string, string][]).map(([alpha2, name, phoneCode]) => ({
          alpha2,
          name,
          phoneCode,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(assetCategories)
      .values([...ASSET_CATEGORIES])
      .onConflictDoNothing();

    const baseSettings: BrandSettings = options.demo
      ? DEMO_BRAND_SETTINGS
      : {
          ...DEMO_BRAND_SETTINGS,
          features: { ...DEMO_BRAND_SETTINGS.features, registrationEnabled: false },
          legalName: 'OpenBroker',
          copyright: '© OpenBroker',
          payments: nonDemoPaymentProviders(),
        };
    // White-labelling adds theme tokens, widgets, an office and content tokens; everything else stays as it was.
    const defaultSettings: BrandSettings = { ...baseSettings, ...defaultBrandExtras() };
    const defaultName = options.demo ? 'OpenBroker Demo' : 'OpenBroker';
    const [brand] = await tx
      .insert(brands)
      .values({
        slug: options.brandSlug,
        name: defaultName,
        hosts: ['localhost', '127.0.0.1', `${options.brandSlug}.localhost`],
        settings: defaultSettings,
      })
      .returning();
    if (!brand) throw new Error('seed: brand insert returned nothing');
    await seedBrandContent(
      tx,
      brand.id,
      defaultBrandFacts(brand.slug, brand.name, defaultSettings),
      defaultSettings,
    );
    await tx.insert(economicEvents).values(economicEventSeeds(new Date()));
    if (!options.demo) return { seeded: true, demo: false };

    // The fifteen white-label variants (architecture §7), each with its own pages.
    for (const variant of variantBrands().filter((v) => v.slug !== options.brandSlug)) {
      const [row] = await tx
        .insert(brands)
        .values({ slug: variant.slug, name: variant.name, hosts: variant.hosts, settings: variant.settings })
        .returning({ id: brands.id });
      if (!row) throw new Error(`seed: brand ${variant.slug} insert returned nothing`);
      await seedBrandContent(tx, row.id, variant.facts, variant.settings);
    }

    const [verifiedHash, unverifiedHash, affiliateHash, adminHash] = hashes as [
      string,
      string,
      string,
      string,
    ];
    const [germany] = await tx.select().from(countries).where(eq(countries.alpha2, 'DE'));
    const [affiliate] = await tx
      .insert(affiliates)
      .values({
        brandId: brand.id,
        email: 'affiliate@example.com',
        passwordHash: affiliateHash,
        firstName: 'Alex',
        lastName: 'Partner',
        code: 'DEMOAFF',
      })
      .returning();
    if (!affiliate) throw new Error('seed: affiliate insert returned nothing');
    const [verifiedClient, newClient] = await tx
      .insert(users)
      .values([
        {
          brandId: brand.id,
          email: 'demo@example.com',
          passwordHash: verifiedHash,
          firstName: 'Dana',
          lastName: 'Demo',
          phone: '+4915123456789',
          birthDate: '1988-04-12',
          countryId: germany?.id ?? null,
          state: 'Berlin',
          city: 'Berlin',
          street: 'Friedrichstraße 68',
          zipCode: '10117',
          pin: newPin(),
          level: 'Gold',
          verifiedAccount: true,
          assetsGroupPermission: ASSET_CATEGORIES.map((c) => c.id),
          uniqid: newCode(),
        },
        {
          brandId: brand.id,
          email: 'new@example.com',
          passwordHash: unverifiedHash,
          firstName: 'Noah',
          lastName: 'Newcomer',
          phone: '+447700900123',
          pin: newPin(),
          level: 'Basic',
          verifiedAccount: false,
          assetsGroupPermission: [],
          uniqid: newCode(),
        },
      ])
      .returning({ id: users.id, pin: users.pin });
    if (!verifiedClient || !newClient) throw new Error('seed: demo client insert returned nothing');
    // Each client has its first live account in the brand's currency, as a registration opens it (docs/accounts.md).
    const accounts = new TradingAccountsRepo(tx as unknown as Db);
    const opened = [];
    for (const client of [verifiedClient, newClient])
      opened.push(
        await accounts.open({
          id: client.id,
          userId: client.id,
          brandId: brand.id,
          pin: client.pin,
          kind: 'live',
          currency: brand.settings.currency,
        }),
      );
    const [verifiedAccount] = opened;
    if (!verifiedAccount) throw new Error('seed: demo account insert returned nothing');
    // The verified demo client starts with a deposit, booked by the ledger like any other
    // (architecture §6: the ledger alone writes entries and balances; balance = Σ entries).
    await new Ledger().book(tx as unknown as Db, {
      accountId: verifiedAccount.id,
      kind: 'deposit',
      amount: parseMoney(DEMO_OPENING_BALANCE),
      cause: { seed: 'opening-balance' },
    });
    await tx.insert(popups).values({ brandId: brand.id, ...WELCOME_POPUP });
    // One staff member per role, two-factor sign-in already set up with public secrets (README).
    const box = new SecretBox(options.staffTotpKey ?? DEVELOPMENT_STAFF_TOTP_KEY);
    const enrolledAt = new Date();
    await tx.insert(staffUsers).values(
      DEMO_STAFF.map((member) => ({
        email: member.email,
        passwordHash: member.password === 'Admin1234!' ? adminHash : staffHash,
        name: member.name,
        roles: [member.role],
        totpSecret: box.seal(member.totpSecret),
        totpEnabledAt: enrolledAt,
      })),
    );
    // the sample sanctions and PEP lists, so the demo and the tests screen against something
    await seedSampleLists(tx as unknown as Db);
    return { seeded: true, demo: true };
  });
}

/** A seeded database has its default brand: the seed writes it first and brands are never deleted. */
async function hasBrands(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(brands);
  return (existing?.n ?? 0) > 0;
}

type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A brand's pages (every page kind and language of starter/) and its site settings singleton.
 * The seeded HTML is written clean, with brand values escaped (starter/components.ts); a test
 * checks the sanitiser leaves every seeded page unchanged, so the seed need not load it. Pages
 * written later go through ContentService.savePage, which sanitises.
 */
async function seedBrandContent(tx: SeedTx, brandId: number, facts: BrandFacts, settings: BrandSettings) {
  const pages = brandPages(facts, settings);
  await tx.insert(contentPages).values(
    pages.map((page) => ({
      brandId,
      slug: page.slug,
      lang: page.lang,
      title: page.title,
      description: page.description,
      published: true,
      components: page.components,
    })),
  );
  await tx
    .insert(contentSingletons)
    .values({ brandId, name: 'settings', data: { ...siteSettings(facts, settings) } });
}
