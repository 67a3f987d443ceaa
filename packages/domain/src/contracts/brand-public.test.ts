import { describe, expect, it } from 'vitest';
import { DEFAULT_TRADING_PROFILE } from '../costs.js';
import { PublicBrand } from './brand-public.js';

const palette = {
  primary: '#0b5',
  onPrimary: '#fff',
  secondary: '#123',
  accent: '#f90',
  background: '#fff',
  surface: '#f6f6f6',
  text: '#111',
  muted: '#666',
  border: '#ddd',
  heroFrom: '#0b5',
  heroTo: '#084',
};

const brand = {
  slug: 'aurora',
  name: 'Aurora Markets',
  currency: 'EUR',
  currencySymbol: '€',
  minDeposit: 250,
  minAge: 18,
  languages: ['en', 'de'],
  features: {
    registrationEnabled: true,
    restrictedMode: false,
    economics: true,
    homeRedirectsToPlatform: false,
  },
  theme: {
    primary: '#0b5',
    logoText: 'Aurora',
    light: palette,
    dark: { ...palette, background: '#111', text: '#eee' },
    fonts: { heading: 'system-ui', body: 'system-ui', mono: 'monospace' },
    radius: 8,
    logoSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    logoUrl: '/logo.svg',
    faviconUrl: '/favicon.svg',
  },
  legalName: 'Aurora Markets Ltd',
  copyright: '© Aurora Markets',
  supportEmail: 'support@aurora.example',
  homeSlug: 'index',
  contentToken: 'content-tok',
  formsToken: 'forms-tok',
  widgets: ['market-quotes', 'ticker-tape'],
  mapTileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
  tagline: 'Trade the world',
  address: '1 Main Street, Limassol',
  phone: '+357 000 000',
  trading: { ...DEFAULT_TRADING_PROFILE, retailLossPercent: 74 },
};

describe('public brand contract (GET /api/brand)', () => {
  it('accepts a brand exactly as the server sends it', () => {
    expect(PublicBrand.parse(brand)).toEqual(brand);
  });

  it('refuses an unknown home widget and a brand without its trading terms', () => {
    expect(PublicBrand.safeParse({ ...brand, widgets: ['news'] }).success).toBe(false);
    const { trading: _, ...withoutTrading } = brand;
    expect(PublicBrand.safeParse(withoutTrading).success).toBe(false);
  });
});
