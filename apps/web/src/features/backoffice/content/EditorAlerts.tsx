import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { PageEditorState } from './usePageEditor.js';

/** What went wrong with the last save or publish: another editor's newer version, refused fields, an error. */
export function EditorAlerts({ editor }: { editor: PageEditorState }) {
  const { t } = useTranslation();
  const { conflict, saveError, publishError } = editor;
  return (
    <>
      {conflict && (
        <Alert variant="danger" className="bo-ed-alert" data-testid="conflict">
          <div className="d-flex gap-3 align-items-start">
            <i className="bi bi-people-fill fs-5" aria-hidden="true" />
            <div className="flex-grow-1">
              <strong>{t('bo.editor.conflict.title')}</strong>
              <p className="mb-2">
                {t('bo.editor.conflict.body', { n: editor.baseVersion })}
                {typeof conflict === 'number' && ` ${t('bo.editor.conflict.headNow', { version: conflict })}`}
              </p>
              <div className="d-flex gap-2">
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => void editor.reload()}
                  disabled={editor.reloading}
                  data-testid="conflict-reload"
                >
                  {editor.reloading && (
                    <Spinner size="sm" animation="border" className="me-1" aria-hidden="true" />
                  )}
                  {t('bo.editor.conflict.reload')}
                </Button>
                <Button size="sm" variant="outline-secondary" onClick={() => editor.setConflict(false)}>
                  {t('bo.editor.conflict.keep')}
                </Button>
              </div>
            </div>
          </div>
        </Alert>
      )}
      {saveError && (
        <Alert
          variant="danger"
          className="bo-ed-alert"
          dismissible
          onClose={() => editor.setSaveError(null)}
          data-testid="save-error"
        >
          <strong>{t('bo.editor.saveFailed')}</strong>
          <ul className="mb-0">
            {saveError.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Alert>
      )}
      {publishError && (
        <Alert
          variant="danger"
          className="bo-ed-alert"
          dismissible
          onClose={() => editor.setPublishError(null)}
        >
          {publishError}
        </Alert>
      )}
    </>
  );
}
