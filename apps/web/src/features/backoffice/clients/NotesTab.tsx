import { type ClientDetail, ClientNote } from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { staffRequest } from '../api.js';
import { BoPanel } from '../shell/BoPage.js';
import { DateTime } from '../shell/cells.js';
import { useStaffSession } from '../shell/session.js';
import { BoEmpty, ErrorBlock, SkeletonBlock, useErrorText } from '../shell/states.js';
import { clientKeys } from './useClients.js';

/** Internal notes on the client (never shown to them); writing needs notes.write. */
export function NotesTab({ client }: { client: ClientDetail }) {
  const { t } = useTranslation();
  const { can } = useStaffSession();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const id = useId();
  const [body, setBody] = useState('');
  const [missing, setMissing] = useState(false);
  const notes = useQuery({
    queryKey: clientKeys.part(client.id, 'notes'),
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/clients/${client.id}/notes`, { schema: ClientNote.array(), signal }),
  });
  const add = useMutation({
    mutationFn: (text: string) =>
      staffRequest(`/api/backoffice/clients/${client.id}/notes`, {
        schema: ClientNote,
        method: 'POST',
        body: { body: text },
      }),
    onSuccess: () => {
      setBody('');
      void queryClient.invalidateQueries({ queryKey: clientKeys.part(client.id, 'notes') });
      void queryClient.invalidateQueries({ queryKey: clientKeys.part(client.id, 'audit') });
    },
  });
  return (
    <div className="bo-notes-layout">
      {can('notes.write') && (
        <BoPanel title={t('bo.notes.add')}>
          <Form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (body.trim() === '') {
                setMissing(true);
                return;
              }
              add.mutate(body.trim());
            }}
          >
            <Form.Group controlId={id} className="mb-2">
              <Form.Label className="visually-hidden">{t('bo.notes.add')}</Form.Label>
              <Form.Control
                as="textarea"
                rows={4}
                maxLength={5000}
                value={body}
                placeholder={t('bo.notes.placeholder')}
                isInvalid={missing || add.isError}
                onChange={(event) => {
                  setBody(event.target.value);
                  setMissing(false);
                }}
                data-testid="bo-note-body"
              />
              <Form.Control.Feedback type="invalid">
                {missing ? t('bo.notes.required') : add.isError ? errorText(add.error) : null}
              </Form.Control.Feedback>
            </Form.Group>
            <Button type="submit" size="sm" disabled={add.isPending} data-testid="bo-note-add">
              {add.isPending && <Spinner size="sm" animation="border" className="me-1" aria-hidden="true" />}
              {t('bo.notes.add')}
            </Button>
          </Form>
        </BoPanel>
      )}
      <BoPanel title={t('bo.tab.notes')}>
        {notes.isError ? (
          <ErrorBlock error={notes.error} onRetry={() => void notes.refetch()} />
        ) : !notes.data ? (
          <SkeletonBlock />
        ) : notes.data.length === 0 ? (
          <BoEmpty icon="bi-sticky">{t('bo.notes.empty')}</BoEmpty>
        ) : (
          <ul className="bo-notes" data-testid="bo-notes">
            {notes.data.map((note) => (
              <li key={note.id} className="bo-note-item">
                <div className="bo-note-meta">
                  <span className="bo-note-author">
                    <i className="bi bi-person-circle me-1" aria-hidden="true" />
                    {note.staffName}
                  </span>
                  <DateTime value={note.createdAt} />
                </div>
                <p className="bo-note-body">{note.body}</p>
              </li>
            ))}
          </ul>
        )}
      </BoPanel>
    </div>
  );
}
