import { type RefObject, useEffect, useRef } from 'react';

const isEditable = (target: EventTarget | null): boolean => {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
};

/**
 * The ticket's keyboard: B and S choose and focus buy or sell, Esc clears the ticket. Keys typed into a
 * field are left alone (B and S anywhere, Esc outside the ticket's own fields), as are shortcuts with
 * modifiers and anything while a dialog is open.
 */
export function useTicketKeys(
  ticket: RefObject<HTMLElement | null>,
  handlers: { onBuy: () => void; onSell: () => void; onEscape: () => void },
): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing)
        return;
      if (document.querySelector('.modal.show')) return;
      const inTicket = event.target instanceof Node && !!ticket.current?.contains(event.target);
      if (event.key === 'Escape') {
        if (isEditable(event.target) && !inTicket) return;
        latest.current.onEscape();
        return;
      }
      if (isEditable(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'b') {
        event.preventDefault();
        latest.current.onBuy();
      } else if (key === 's') {
        event.preventDefault();
        latest.current.onSell();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [ticket]);
}
