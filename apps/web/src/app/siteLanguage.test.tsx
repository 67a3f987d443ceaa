import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../shared/preferences/language.js';
import { renderApp } from '../test/renderApp.js';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const SETTINGS = '/api/singletons/get/settings';

/** The site settings as the server answers them per `lang` (it translates the chrome). */
const BY_LANGUAGE: Record<string, Record<string, unknown>> = {
  en: {
    copyright: '© Brand Ltd.',
    risk_warning: 'CFDs are complex instruments. 74% of retail investor accounts lose money.',
    legal_text: 'Brand Ltd. is registered under HE 1.',
    menu: [{ title: 'About', url: '/about' }],
    footer_links: [{ title: 'Privacy policy', url: '/privacy-policy' }],
  },
  de: {
    copyright: '© Brand Ltd.',
    risk_warning: 'CFDs sind komplexe Instrumente. 74 % der Kleinanlegerkonten verlieren Geld.',
    legal_text: 'Brand Ltd. ist unter HE 1 eingetragen.',
    menu: [{ title: 'Über uns', url: '/about' }],
    footer_links: [{ title: 'Datenschutzerklärung', url: '/privacy-policy' }],
  },
};

describe('the public site chrome follows the language', () => {
  it('asks for the site settings in the active language and shows its menu, links and legal texts', async () => {
    const app = renderApp('/404', {
      language: 'de',
      api: {
        [SETTINGS]: () => {
          const url = app.calls.filter((c) => c.path === SETTINGS).at(-1)?.url ?? '';
          const lang = new URL(url, 'http://x').searchParams.get('lang') ?? 'en';
          return { status: 200, json: { status: true, data: BY_LANGUAGE[lang] ?? BY_LANGUAGE.en } };
        },
      },
    });
    const footer = within(await screen.findByRole('contentinfo'));
    expect((await screen.findAllByTestId('site-menu-link')).map((a) => a.textContent)).toEqual(['Über uns']);
    expect(footer.getByRole('link', { name: 'Datenschutzerklärung' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
    expect(footer.getByTestId('footer-risk-warning').textContent).toContain('der Kleinanlegerkonten');
    expect(footer.getByText('Brand Ltd. ist unter HE 1 eingetragen.')).toBeTruthy();

    await act(() => changeLanguage(app.i18n, 'en', window.localStorage));
    await waitFor(() =>
      expect(screen.getAllByTestId('site-menu-link').map((a) => a.textContent)).toEqual(['About']),
    );
    expect(footer.getByRole('link', { name: 'Privacy policy' })).toBeTruthy();
    expect(footer.getByTestId('footer-risk-warning').textContent).toContain('of retail investor accounts');
    expect(
      app.calls
        .filter((c) => c.path === SETTINGS)
        .map((c) => new URL(c.url, 'http://x').searchParams.get('lang')),
    ).toEqual(['de', 'en']);
  });

  it('shows the built-in legal links in German when the brand has none', async () => {
    renderApp('/404', {
      language: 'de',
      api: { [SETTINGS]: () => ({ status: 200, json: { status: true, data: {} } }) },
    });
    const footer = within(await screen.findByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Allgemeine Geschäftsbedingungen' }).getAttribute('href')).toBe(
      '/terms-conditions',
    );
    expect(footer.getByRole('link', { name: 'Datenschutzerklärung' })).toBeTruthy();
  });
});
