import { formatPrice } from '@openbroker/domain';
import { useEffect, useRef } from 'react';
import type { Tick } from './quoteStore.js';
import './prices.css';

const FLASH_CLASSES = ['ob-flash-up', 'ob-flash-up-b', 'ob-flash-down', 'ob-flash-down-b'];

/**
 * A price that flashes green or red when it changes. The class is set straight on the element, and
 * alternates between two identical animations so each tick restarts it without a re-render or a forced
 * layout (a list of prices ticks several times a second). CSS turns it off for reduced motion.
 */
export function FlashPrice({ value, tick, testId }: { value: number; tick: Tick; testId?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const previous = useRef(value);
  const parity = useRef(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || previous.current === value) return;
    previous.current = value;
    element.classList.remove(...FLASH_CLASSES);
    if (!tick) return;
    parity.current = !parity.current;
    element.classList.add(`ob-flash-${tick}${parity.current ? '' : '-b'}`);
  }, [value, tick]);
  return (
    <span ref={ref} className="ob-price" data-testid={testId}>
      {formatPrice(value)}
    </span>
  );
}
