import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrollRegion } from './useScrollRegion.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Wide() {
  const ref = useScrollRegion<HTMLDivElement>();
  return (
    <div ref={ref} data-testid="box">
      <table />
    </div>
  );
}

/** Lays the box out as the browser would: its content `content` px wide in a box `box` px wide. */
function layout(content: number, box: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(content);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(box);
}

describe('a wide table’s scroll box', () => {
  it('takes keyboard focus while its content is wider than the box, so arrow keys can scroll it', () => {
    layout(1600, 1100);
    render(<Wide />);
    expect(screen.getByTestId('box').getAttribute('tabindex')).toBe('0');
  });

  it('is no extra tab stop when the table fits', () => {
    layout(900, 1100);
    render(<Wide />);
    expect(screen.getByTestId('box').hasAttribute('tabindex')).toBe(false);
  });
});
