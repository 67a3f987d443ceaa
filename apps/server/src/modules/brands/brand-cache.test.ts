import { describe, expect, it } from 'vitest';
import { DEMO_BRAND_SETTINGS } from '../../seed/seed.js';
import type { BrandRow, BrandsRepo } from './brands.repo.js';
import { BRAND_CACHE_MAX, BrandsService, UNKNOWN_HOSTS_MAX } from './brands.service.js';

/** Two brands in memory, counting the queries a real repository would make. */
function fakeRepo() {
  const row = (id: number, slug: string, hosts: string[]) =>
    ({ id, slug, name: slug, hosts, settings: DEMO_BRAND_SETTINGS }) as unknown as BrandRow;
  const rows = [row(1, 'demo', ['localhost']), row(2, 'alpha', ['alpha.example.com'])];
  const queries = { byHost: 0, bySlug: 0 };
  const repo = {
    async findByHost(host: string) {
      queries.byHost++;
      return rows.find((r) => r.hosts.includes(host));
    },
    async findBySlug(slug: string) {
      queries.bySlug++;
      return rows.find((r) => r.slug === slug);
    },
  } as unknown as BrandsRepo;
  return { repo, queries };
}

// the brand cache was keyed by the raw Host header and grew with every distinct one.
describe('brand cache by Host header', () => {
  it('stays bounded after 10,000 distinct unknown hosts, which all get the default brand', async () => {
    const { repo } = fakeRepo();
    const brands = new BrandsService(repo, 'demo');
    const fallback = await brands.resolve(undefined);
    for (let i = 0; i < 10_000; i++) {
      expect(await brands.resolve(`attacker-${i}.example.net`)).toBe(fallback);
    }
    expect(brands.cachedEntries()).toBeLessThanOrEqual(UNKNOWN_HOSTS_MAX + BRAND_CACHE_MAX);
    expect(brands.cachedEntries()).toBeLessThan(10_000);
  });

  it("a flood of unknown hosts neither evicts a real brand's entry nor copies the default brand", async () => {
    const { repo, queries } = fakeRepo();
    const brands = new BrandsService(repo, 'demo');
    const alpha = await brands.resolve('alpha.example.com');
    for (let i = 0; i < 10_000; i++) await brands.resolve(`flood-${i}.example.net`);
    const before = { ...queries };
    expect(await brands.resolve('ALPHA.example.com:443')).toBe(alpha);
    // the default brand was read once and shared: unknown hosts add no brand entries of their own
    expect(queries).toEqual(before);
    expect(queries.bySlug).toBe(1);
  });

  it('answers a repeated unknown host from the cache, and looks again once its entry is old', async () => {
    let now = 0;
    const { repo, queries } = fakeRepo();
    const brands = new BrandsService(repo, 'demo', () => now);
    await brands.resolve('unknown.example.org');
    await brands.resolve('unknown.example.org');
    expect(queries.byHost).toBe(1);
    now += 30_001;
    await brands.resolve('unknown.example.org');
    expect(queries.byHost).toBe(2);
  });

  it('never looks up or keeps a Host longer than any DNS name', async () => {
    const { repo, queries } = fakeRepo();
    const brands = new BrandsService(repo, 'demo');
    const fallback = await brands.resolve(undefined);
    const entries = brands.cachedEntries();
    expect(await brands.resolve(`${'x'.repeat(300)}.example.com`)).toBe(fallback);
    expect(queries.byHost).toBe(0);
    expect(brands.cachedEntries()).toBe(entries);
  });
});
