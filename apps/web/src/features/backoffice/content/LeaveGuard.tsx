import { useEffect } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Keeps unsaved edits from being lost: leaving for another back office page asks first, closing or reloading
 * the tab asks the browser's own question.
 */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return (
    <Modal
      show={blocker.state === 'blocked'}
      onHide={() => blocker.reset?.()}
      centered
      className="bo-modal"
      data-testid="leave-guard"
    >
      <Modal.Header closeButton closeLabel={t('bo.cancel')}>
        <Modal.Title as="h2" className="bo-modal-title">
          {t('bo.editor.leave.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{t('bo.editor.leave.body')}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={() => blocker.reset?.()}>
          {t('bo.editor.leave.stay')}
        </Button>
        <Button variant="danger" onClick={() => blocker.proceed?.()} data-testid="leave-confirm">
          {t('bo.editor.leave.go')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
