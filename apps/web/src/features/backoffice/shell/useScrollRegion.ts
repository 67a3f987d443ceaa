import { useEffect, useRef } from 'react';

/**
 * A ref for a box that may scroll sideways (a wide table): while its content is wider than the box, the box
 * takes keyboard focus, so someone without a mouse can scroll it with the arrow keys (WCAG 2.1.1); when all of it
 * fits, it is no extra stop in the tab order.
 */
export function useScrollRegion<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      if (box.scrollWidth > box.clientWidth) box.tabIndex = 0;
      else box.removeAttribute('tabindex');
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(box);
    // the content grows after loading (rows replace the skeleton): watch the table too
    for (const child of box.children) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return ref;
}
