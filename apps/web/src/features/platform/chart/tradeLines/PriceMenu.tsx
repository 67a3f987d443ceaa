import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { PendingChoice } from './tradeLines.js';

/** Room kept between the menu and the window's edges, in px. */
const EDGE = 8;
const WIDTH = 208;
const HEIGHT = 120;

/**
 * The orders a client can place at a price of the chart (right-click, or a long press on touch): each one opens
 * the new-order dialog prefilled. Placed at the pointer on the page (kept inside the window); closes on Escape,
 * a click outside, a scroll or resize, and after a choice.
 */
export function PriceMenu({
  at,
  price,
  choices,
  onChoose,
  onClose,
}: {
  at: { x: number; y: number };
  /** The price with the instrument's decimals. */
  price: string;
  choices: PendingChoice[];
  onChoose: (choice: PendingChoice) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    const outside = (event: Event) => {
      if (!menu.current?.contains(event.target as Node)) onClose();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    const onScroll = (event: Event) => {
      if (!menu.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', outside, true);
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', onClose);
    menu.current?.querySelector<HTMLButtonElement>('button')?.focus();
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onClose);
    };
  }, [onClose]);
  const width = document.documentElement.clientWidth || window.innerWidth;
  const left = Math.max(EDGE, Math.min(at.x, width - WIDTH - EDGE));
  const top = Math.max(EDGE, Math.min(at.y, window.innerHeight - HEIGHT - EDGE));
  return createPortal(
    <div
      ref={menu}
      id={id}
      role="menu"
      aria-label={t('chart.trade.menu', { price })}
      className="dropdown-menu show ob-chart-menu ob-price-menu"
      style={{ position: 'fixed', left, top }}
      data-testid="chart-price-menu"
    >
      <h6 className="dropdown-header ob-num">{t('chart.trade.menu', { price })}</h6>
      {choices.length === 0 && (
        <p className="px-3 py-1 mb-0 small text-body-secondary">{t('chart.trade.none')}</p>
      )}
      {choices.map((choice) => (
        <button
          key={`${choice.direction}-${choice.type}`}
          type="button"
          role="menuitem"
          className={`dropdown-item ob-price-menu-${choice.direction}`}
          onClick={() => onChoose(choice)}
          data-testid={`chart-price-${choice.direction}-${choice.type}`}
        >
          <i
            className={`bi ${choice.direction === 'buy' ? 'bi-arrow-up-right' : 'bi-arrow-down-right'} me-2`}
            aria-hidden="true"
          />
          {t(`chart.trade.at.${choice.direction}.${choice.type}`, { price })}
        </button>
      ))}
    </div>,
    document.body,
  );
}
