import { type CSSProperties, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from 'react-bootstrap';
import { createPortal } from 'react-dom';

/** Room kept between the menu and the window's edges, in px. */
const EDGE = 8;

/**
 * Where the open menu goes: under its button, on the page itself (the card and the terminal's panels clip what
 * leaves them), towards the side of the window with more room, and no taller than the room below.
 */
function placement(button: HTMLElement): CSSProperties {
  const rect = button.getBoundingClientRect();
  const width = document.documentElement.clientWidth || window.innerWidth;
  const top = rect.bottom + 4;
  const side =
    rect.right > width / 2
      ? { right: Math.max(EDGE, width - rect.right) }
      : { left: Math.max(EDGE, rect.left) };
  return { position: 'fixed', top, ...side, maxHeight: Math.max(160, window.innerHeight - top - EDGE) };
}

/**
 * A chart tool's drop-down: a small button (its icon, and its text from small screens up) opening a list of
 * actions. Bootstrap's dropdown classes without react-bootstrap's Dropdown and its positioning library; closes on
 * Escape, on a click outside, when the page scrolls or resizes, and after a choice (`children` gets the function that
 * closes it).
 */
export function ChartMenu({
  label,
  icon,
  text,
  testId,
  children,
}: {
  /** What the button does, for screen readers and as its tooltip. */
  label: string;
  icon: string;
  /** Shown next to the icon from small screens up. */
  text?: string;
  testId: string;
  children: (close: () => void) => ReactNode;
}) {
  const [place, setPlace] = useState<CSSProperties | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();
  const open = place !== null;
  useEffect(() => {
    if (!open) return;
    const close = () => setPlace(null);
    const outside = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) close();
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    const onScroll = (event: Event) => {
      if (!menu.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', onEscape);
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', close);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', onEscape);
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', close);
    };
  }, [open]);
  return (
    <>
      <Button
        ref={button}
        size="sm"
        variant="outline-secondary"
        className="ob-chart-tool"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setPlace((was) => (was || !button.current ? null : placement(button.current)))}
        data-testid={testId}
      >
        <i className={`bi ${icon}`} aria-hidden="true" />
        {text && <span className="d-none d-sm-inline ms-1">{text}</span>}
      </Button>
      {place &&
        createPortal(
          <div
            ref={menu}
            id={id}
            className="dropdown-menu show ob-chart-menu"
            style={place}
            data-testid={`${testId}-menu`}
          >
            {children(() => setPlace(null))}
          </div>,
          document.body,
        )}
    </>
  );
}
