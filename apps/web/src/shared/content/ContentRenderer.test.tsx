import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_PATH, pageAnswer, pageFixture } from '../../features/site/siteTestKit.js';
import { renderApp } from '../../test/renderApp.js';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const img = (path: string, alt = '') => ({ path, alt });

/** Renders /about with the given components and waits until the page is on screen. */
async function renderPage(components: unknown[]) {
  const view = renderApp('/about', { api: { [PAGE_PATH]: pageAnswer(pageFixture(components)) } });
  await screen.findByTestId('content-page');
  return view;
}

describe('content renderer (spec §2 component types)', () => {
  it('renders every component type of the contract', async () => {
    await renderPage([
      {
        component: 'hero',
        settings: {
          title: 'Trade smarter',
          subtitle: 'All markets',
          button_text: 'Start',
          button_url: '/register',
          image: img('/content/hero.svg'),
        },
      },
      {
        component: 'pagebanner',
        settings: { title: 'Banner title', summary: 'Banner summary', height: 'large' },
      },
      {
        component: 'bannermedia',
        settings: { title: 'Media banner', summary: 'Beside a picture', image: img('/content/m.svg') },
      },
      { component: 'heading', settings: { text: 'A heading', tag: 'h3' } },
      { component: 'text', settings: { text: '<p>Some <strong>rich</strong> text</p>' } },
      { component: 'html', settings: { html: '<aside><em>Cell</em></aside>' } },
      { component: 'divider', settings: {} },
      { component: 'sectiondivider', settings: { title: 'Between sections' } },
      {
        component: 'customimage',
        settings: { image: img('/content/c.svg', 'Custom image'), caption: 'A caption' },
      },
      { component: 'image', settings: { image: img('/content/i.svg', 'Plain image'), link_url: '/about' } },
      { component: 'codeblock', settings: { code: 'GET /api/brand', language: 'http' } },
      { component: 'video', settings: { url: '/content/intro.mp4', title: 'Intro video' } },
      { component: 'button', settings: { text: 'Open an account', url: '/register' } },
      {
        component: 'section',
        settings: { title: 'A section', background: 'muted' },
        children: [{ component: 'text', settings: { text: 'Inside the section' } }],
      },
      { component: 'card', settings: { title: 'Card title', subtitle: 'Card subtitle', text: 'Card text' } },
      { component: 'carousel', settings: { items: [{ value: { text: 'Slide one', summary: 'First' } }] } },
      { component: 'contactform', settings: { title: 'Write to us' } },
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Trade smarter' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Start/ }).getAttribute('href')).toBe('/register');
    expect(screen.getByTestId('content-pagebanner').style.minHeight).toBe('400px');
    expect(screen.getByTestId('content-bannermedia').style.minHeight).toBe('260px');
    expect(screen.getByRole('heading', { level: 3, name: 'A heading' })).toBeTruthy();
    expect(screen.getByText('rich', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText('Cell', { selector: 'em' })).toBeTruthy();
    expect(document.querySelector('hr.ob-divider')).toBeTruthy();
    expect(screen.getByText('Between sections')).toBeTruthy();
    expect(screen.getByAltText('Custom image')).toBeTruthy();
    expect(screen.getByText('A caption')).toBeTruthy();
    expect(screen.getByAltText('Plain image').closest('a')?.getAttribute('href')).toBe('/about');
    expect(screen.getByText('GET /api/brand', { selector: 'code' })).toBeTruthy();
    expect(document.querySelector('video')?.getAttribute('src')).toBe('/content/intro.mp4');
    expect(screen.getByTestId('content-button').getAttribute('href')).toBe('/register');
    expect(screen.getByRole('heading', { name: 'A section' })).toBeTruthy();
    expect(screen.getByText('Inside the section')).toBeTruthy();
    expect(screen.getByText('Card subtitle')).toBeTruthy();
    expect(screen.getByTestId('carousel-active').textContent).toContain('Slide one');
    // The contact form loads in its own chunk.
    expect(await screen.findByTestId('public-contact-form')).toBeTruthy();
  });

  it('lays a grid out in 1 to 5 columns (more are wrapped five to a row)', async () => {
    const column = (text: string) => ({ children: [{ component: 'text', settings: { text } }] });
    const grid = (count: number) => ({
      component: 'grid',
      settings: {},
      columns: Array.from({ length: count }, (_, index) => column(`g${count}c${index + 1}`)),
    });
    await renderPage([grid(1), grid(2), grid(3), grid(4), grid(5), grid(7)]);
    const grids = screen.getAllByTestId('content-grid');
    expect(grids.map((element) => element.getAttribute('data-columns'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '5',
    ]);
    expect(grids.map((element) => element.querySelectorAll(':scope > .ob-grid-column').length)).toEqual([
      1, 2, 3, 4, 5, 7,
    ]);
    expect(screen.getByText('g5c5')).toBeTruthy();
  });

  it('wraps the carousel around at both ends', async () => {
    await renderPage([
      {
        component: 'carousel',
        settings: {
          interval: 0,
          items: ['One', 'Two', 'Three'].map((text) => ({ value: { text, summary: `${text} summary` } })),
        },
      },
    ]);
    const active = () => screen.getByTestId('carousel-active').textContent;
    expect(active()).toContain('One');
    fireEvent.click(screen.getByTestId('carousel-prev'));
    expect(active()).toContain('Three');
    fireEvent.click(screen.getByTestId('carousel-next'));
    expect(active()).toContain('One');
    fireEvent.click(screen.getByTestId('carousel-next'));
    fireEvent.click(screen.getByTestId('carousel-next'));
    expect(active()).toContain('Three');
    fireEvent.click(screen.getByTestId('carousel-next'));
    expect(active()).toContain('One');
  });

  it('shows a card with title, subtitle, text, image and its link', async () => {
    await renderPage([
      {
        component: 'card',
        settings: {
          title: 'Gold account',
          subtitle: 'From €5,000',
          text: 'Tighter spreads',
          card_image: img('/content/gold.svg', 'Gold'),
          link_text: 'Compare levels',
          link_url: '/account-levels',
        },
      },
      {
        component: 'card',
        settings: { title: 'Partner', link_text: 'Visit', link_url: 'https://example.com' },
      },
    ]);
    const [card] = screen.getAllByTestId('content-card');
    expect(card?.textContent).toContain('Gold account');
    expect(card?.textContent).toContain('From €5,000');
    expect(card?.textContent).toContain('Tighter spreads');
    expect(screen.getByAltText('Gold').getAttribute('src')).toBe('/content/gold.svg');
    const [internal, external] = screen.getAllByTestId('content-card-link');
    expect(internal?.textContent).toContain('Compare levels');
    expect(internal?.getAttribute('href')).toBe('/account-levels');
    expect(internal?.getAttribute('target')).toBeNull();
    expect(external?.getAttribute('target')).toBe('_blank');
    expect(external?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('follows internal links in text through the router, without reloading the page', async () => {
    const { router } = await renderPage([
      { component: 'text', settings: { text: '<p>Read our <a href="/terms-conditions">terms</a>.</p>' } },
    ]);
    const link = screen.getByText('terms');
    expect(link.getAttribute('target')).toBeNull();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/terms-conditions'));
  });

  it('renders nothing for an unknown component type and warns, keeping the rest of the page', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await renderPage([
      { component: 'marquee', settings: { text: 'Blink' } },
      { component: 'heading', settings: { text: 'Still here' } },
    ]);
    expect(screen.queryByText('Blink')).toBeNull();
    expect(screen.getByText('Still here')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("'marquee'"));
  });

  it('a component that fails to render is left out and logged; its siblings still show', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderPage([
      // A heading whose text is an object cannot be rendered: React throws.
      { component: 'heading', settings: { text: { broken: true } } },
      { component: 'text', settings: { text: 'After the broken one' } },
    ]);
    expect(screen.getByText('After the broken one')).toBeTruthy();
    expect(error).toHaveBeenCalledWith(expect.stringContaining("'heading' failed"), expect.anything());
  });

  it('drops links and images that could run script', async () => {
    await renderPage([
      { component: 'button', settings: { text: 'Bad', url: 'javascript:alert(1)' } },
      { component: 'image', settings: { image: img('javascript:alert(1)', 'x') } },
    ]);
    expect(screen.queryByTestId('content-button')).toBeNull();
    expect(screen.queryByAltText('x')).toBeNull();
  });
});
