import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/renderApp.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const footer = async () => within(await screen.findByRole('contentinfo'));

describe('public footer and the site settings staff edit', () => {
  it("shows the brand's copyright and the built-in legal links when the site settings say nothing", async () => {
    renderApp('/404', {
      api: { '/api/singletons/get/settings': () => ({ status: 200, json: { status: true, data: {} } }) },
    });
    const inFooter = await footer();
    expect(inFooter.getByTestId('footer-copyright').textContent).toBe('© Test Broker Ltd.');
    expect(inFooter.queryByTestId('footer-risk-warning')).toBeNull();
    expect(inFooter.getByRole('link', { name: 'Terms & Conditions' }).getAttribute('href')).toBe(
      '/terms-conditions',
    );
  });

  it('shows the copyright, risk warning, legal text and footer links from the site settings, as plain text', async () => {
    renderApp('/404', {
      api: {
        '/api/singletons/get/settings': () => ({
          status: 200,
          json: {
            status: true,
            data: {
              copyright: '© 2026 Brand Seventeen Ltd.',
              risk_warning: 'CFDs are complex instruments. 71% of retail investor accounts lose money.',
              legal_text: 'Regulated by <b>nobody</b>.',
              footer_links: [
                { title: 'Fees', url: '/fees' },
                { title: 'Bad', url: 'javascript:alert(1)' },
              ],
            },
          },
        }),
      },
    });
    const inFooter = await footer();
    await waitFor(() =>
      expect(inFooter.getByTestId('footer-copyright').textContent).toBe('© 2026 Brand Seventeen Ltd.'),
    );
    expect(inFooter.getByTestId('footer-risk-warning').textContent).toContain(
      '71% of retail investor accounts',
    );
    // markup in a text field stays text
    expect(inFooter.getByText('Regulated by <b>nobody</b>.')).toBeTruthy();
    expect(inFooter.getByRole('link', { name: 'Fees' }).getAttribute('href')).toBe('/fees');
    // an unsafe address is never a link
    expect(inFooter.queryByRole('link', { name: 'Bad' })).toBeNull();
    expect(inFooter.queryByRole('link', { name: 'Terms & Conditions' })).toBeNull();
  });
});
