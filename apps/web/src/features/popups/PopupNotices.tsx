import { useMemo, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Popup } from '../../api/types.js';
import { sanitizePopupHtml } from '../../shared/content/sanitizePopupHtml.js';
import { useHeldPopupKinds, usePopups } from '../../shared/popups/usePopups.js';
import '../../shared/content/popupContent.css';

/**
 * spec §2/§4: the pop-up notices modal. After login the unread notices show one at a time; closing one
 * marks it read on the server (and drops it here at once), so it does not come back. A notice the server
 * stores while the page is open (a margin call) is asked for again by the terminal (`usePopups`); while the
 * terminal shows it as its own notice the modal holds it back (`holdPopups`) rather than cover the screen where
 * the client acts on it, and shows it on the next screen if it is still unread.
 */
export function PopupNotices() {
  const { t } = useTranslation();
  const popups = usePopups();
  const held = useHeldPopupKinds();

  const unread = held.size === 0 ? popups.unread : popups.unread.filter((p) => !held.has(String(p.kind)));
  const current = unread[0];
  // Keep the closing notice's text while the modal fades out.
  const [shown, setShown] = useState<Popup | undefined>(undefined);
  if (current && current !== shown) setShown(current);
  const visible = current ?? shown;
  const html = useMemo(() => (visible ? sanitizePopupHtml(String(visible.content ?? '')) : ''), [visible]);

  const close = () => {
    if (current) popups.markRead([current.id]);
  };

  return (
    <Modal
      show={!!current}
      onHide={close}
      centered
      scrollable
      backdrop="static"
      aria-labelledby="ob-popup-title"
      data-testid="popup-modal"
    >
      <Modal.Header closeButton closeLabel={t('app.close')}>
        <Modal.Title id="ob-popup-title" as="h2" className="fs-5">
          <i className="bi bi-megaphone me-2 text-primary" aria-hidden="true" />
          {visible?.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: back-office HTML, cleaned by DOMPurify above */}
        <div className="ob-popup-content" dangerouslySetInnerHTML={{ __html: html }} />
      </Modal.Body>
      <Modal.Footer>
        {unread.length > 1 && (
          <span className="small text-body-secondary me-auto">
            {t('popup.more', { count: unread.length - 1 })}
          </span>
        )}
        <Button variant="primary" onClick={close} data-testid="popup-close">
          {unread.length > 1 ? t('popup.next') : t('popup.gotIt')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
