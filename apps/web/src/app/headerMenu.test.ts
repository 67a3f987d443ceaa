import { describe, expect, it } from 'vitest';
import { HEADER_MENU_INLINE, headerMenu } from './headerMenu.js';

describe('the brand menu in the public header (site settings)', () => {
  it('keeps the order, leaves out links the header already shows, repeats and unsafe addresses', () => {
    const menu = [
      { title: 'Home', url: '/' },
      { title: 'Economic calendar', url: '/economic-calendar/' },
      { title: 'About', url: '/about' },
      { title: 'About again', url: '/About?ref=menu' },
      { title: 'Bad', url: 'javascript:alert(1)' },
      { title: '   ', url: '/empty-title' },
      { title: 'Sign up', url: '/register' },
      'not a link',
      { title: 'Account levels', url: '/account-levels' },
    ];
    const { inline, more } = headerMenu(menu, ['/login', '/register', '/economic-calendar']);
    expect([...inline, ...more]).toEqual([
      { title: 'Home', url: '/' },
      { title: 'About', url: '/about' },
      { title: 'Account levels', url: '/account-levels' },
    ]);
  });

  it(`shows ${HEADER_MENU_INLINE} links inline and puts the rest into "More", external ones included`, () => {
    const menu = [
      { title: 'One', url: '/one' },
      { title: 'Two', url: '/two' },
      { title: 'Three', url: '/three' },
      { title: 'Four', url: '/four' },
      { title: 'Blog', url: 'https://blog.example.com' },
    ];
    const { inline, more } = headerMenu(menu, []);
    expect(inline.map((l) => l.title)).toEqual(['One', 'Two', 'Three']);
    expect(more.map((l) => l.url)).toEqual(['/four', 'https://blog.example.com']);
  });

  it('has nothing to show for a missing or malformed menu', () => {
    expect(headerMenu(undefined, [])).toEqual({ inline: [], more: [] });
    expect(headerMenu({ title: 'x' }, [])).toEqual({ inline: [], more: [] });
  });
});
