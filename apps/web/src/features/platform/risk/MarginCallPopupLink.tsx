import { useEffect, useRef } from 'react';
import type { Popup } from '../../../api/types.js';
import { holdPopups, MARGIN_CALL_POPUP_KIND, usePopups } from '../../../shared/popups/usePopups.js';
import { useNotices } from '../trading/useTrading.js';

const isMarginCall = (popup: Popup) => popup.kind === MARGIN_CALL_POPUP_KIND;

/**
 * The margin call reaches the client twice — as the terminal's notice (socket) and as the stored pop-up
 * that stays until read. A new margin-call notice asks for the pop-ups again (the server stores it before it pushes
 * the notice). While the terminal shows an unread margin-call notice, the pop-up modal holds the margin call back:
 * a modal over the terminal would block the very closes and deposits that cure the margin. It shows on the next
 * screen, or on the terminal when no margin-call notice of this session stands for it. One dismissal reads both:
 * dismissing the terminal's notice marks the margin-call pop-up read (also one that arrives after the dismissal,
 * which the modal never shows), closing the pop-up marks the terminal's notices read.
 */
export function MarginCallPopupLink() {
  const { list, markRead: markNoticesRead } = useNotices();
  const popups = usePopups();
  const { refetch, markRead: markPopupsRead } = popups;
  const latestCall = list.find((n) => n.kind === 'marginCall' && !n.read)?.id;
  useEffect(() => {
    if (latestCall) refetch();
  }, [latestCall, refetch]);
  // Held not only while a notice shows but as long as the session has a margin-call notice at all: once the client
  // dismissed it, the margin-call pop-ups are this link's to read (below), not the modal's to show. Releasing the
  // hold on dismissal let a pop-up whose fetch was still under way reach the modal first: it mounted for a render
  // and faded out after the link read it.
  const hold = list.some((n) => n.kind === 'marginCall');
  useEffect(() => {
    holdPopups(MARGIN_CALL_POPUP_KIND, hold);
    return () => holdPopups(MARGIN_CALL_POPUP_KIND, false);
  }, [hold]);

  // what was unread at the last look: a margin-call notice now read was dismissed, a pop-up now gone was closed
  const unreadNotices = useRef(new Set<string>());
  const shownPopups = useRef(new Set<Popup['id']>());
  const markNotices = useRef(markNoticesRead);
  markNotices.current = markNoticesRead;
  useEffect(() => {
    const calls = list.filter((n) => n.kind === 'marginCall');
    const callPopups = popups.unread.filter(isMarginCall);
    const dismissed = calls.some((n) => n.read && unreadNotices.current.has(n.id));
    // the pop-up arrived after the client had already dismissed every margin-call notice of the session
    const late =
      calls.length > 0 &&
      calls.every((n) => n.read) &&
      callPopups.some((p) => !shownPopups.current.has(p.id));
    const closed = [...shownPopups.current].some((id) => !callPopups.some((p) => p.id === id));
    unreadNotices.current = new Set(calls.filter((n) => !n.read).map((n) => n.id));
    shownPopups.current = new Set(callPopups.map((p) => p.id));
    if ((dismissed || late) && callPopups.length > 0) markPopupsRead(callPopups.map((p) => p.id));
    else if (closed && unreadNotices.current.size > 0) markNotices.current([...unreadNotices.current]);
  }, [list, popups.unread, markPopupsRead]);
  return null;
}
