import { describe, expect, it } from 'vitest';
import { EconomicEventList, MessageReceived, PageSummaryList, PublishedPageList } from './site.js';

describe('public site contracts (spec §7)', () => {
  it('accept a page, a page list and the calendar as the server sends them', () => {
    const page = {
      title: 'About us',
      title_slug: 'about',
      description: 'Who we are',
      lang: 'en',
      published: true,
      components: [{ component: 'text', settings: { text: '<p>Hello</p>' } }],
      _modified: 1_795_000_000,
    };
    expect(PublishedPageList.parse([page])).toEqual([page]);
    expect(PublishedPageList.parse([])).toEqual([]);
    const summary = {
      title: 'Markets this week',
      title_slug: 'blog/markets-this-week',
      description: 'A look back',
      lang: 'en',
      image: { path: '/content/brands/aurora/blog.svg', alt: 'Chart' },
      _modified: 1_795_000_000,
    };
    expect(PageSummaryList.parse([summary])).toEqual([summary]);
    const event = {
      id: 9,
      at: '2026-11-20T13:30:00.000Z',
      currency: 'USD',
      country: 'US',
      title: 'Non-farm payrolls',
      impact: 3,
      actual: null,
      forecast: '180K',
      previous: '150K',
    };
    expect(EconomicEventList.parse([event])).toEqual([event]);
    expect(MessageReceived.parse({ received: true })).toEqual({ received: true });
  });

  it('refuse a page without its component list and an event whose figures are numbers', () => {
    expect(
      PublishedPageList.safeParse([
        { title: 'x', title_slug: 'x', description: '', lang: 'en', published: true, _modified: 1 },
      ]).success,
    ).toBe(false);
    expect(
      EconomicEventList.safeParse([
        {
          id: 1,
          at: '',
          currency: 'USD',
          country: 'US',
          title: 'CPI',
          impact: 2,
          actual: 3.1,
          forecast: null,
          previous: null,
        },
      ]).success,
    ).toBe(false);
  });
});
