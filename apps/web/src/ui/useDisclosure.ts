import { type RefObject, useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A menu's open state that closes as menus do: on Escape, on a press outside `box`, and after a followed link
 * (the path changed). The header's "More" menu and the trading-account switcher use it.
 */
export function useDisclosure(box: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path changes on purpose
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open, box]);
  return [open, setOpen] as const;
}
