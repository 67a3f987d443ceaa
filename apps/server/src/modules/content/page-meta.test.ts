import { describe, expect, it } from 'vitest';
import { withHead } from './page-meta.js';

const meta = (faviconUrl: string) => ({
  title: 'Brand',
  description: 'A brand',
  themeColor: { light: '#fff', dark: '#000' },
  faviconUrl,
});

describe('the served head', () => {
  it('names the favicon type from its address, so an uploaded PNG or ICO icon is not announced as SVG', () => {
    const head = (url: string) => withHead('<html><head></head><body></body></html>', meta(url));
    expect(head('/favicon.svg')).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
    expect(head('/media/4/icon.png')).toContain(
      '<link rel="icon" type="image/png" href="/media/4/icon.png" />',
    );
    expect(head('/media/5/favicon.ico')).toContain('type="image/x-icon"');
    expect(head('/media/6/icon')).toContain('<link rel="icon" href="/media/6/icon" />');
  });
});
