import { type BoPopupClient, BoPopupClientHit } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, ListGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { queryString, staffRequest } from '../api.js';
import { POPUPS_KEY } from './types.js';

const ClientHits = z.array(BoPopupClientHit);

/**
 * The client a pop-up for one client goes to: the chosen client with a change button, or a search
 * of the brand's clients (from two characters) with the hits to pick from.
 */
export function PopupClientPicker({
  id,
  brandId,
  client,
  onClient,
  q,
  onQ,
  search,
  invalid,
}: {
  /** The dialog's id (the search field's id is made from it). */
  id: string;
  brandId: number | undefined;
  client: BoPopupClient | null;
  onClient: (client: BoPopupClient | null) => void;
  /** The typed search. */
  q: string;
  onQ: (q: string) => void;
  /** The search as sent (trimmed, deferred while typing). */
  search: string;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  const hits = useQuery({
    queryKey: [...POPUPS_KEY, 'clients', brandId, search],
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/popups/clients${queryString({ brandId, q: search })}`, {
        schema: ClientHits,
        signal,
      }),
    enabled: !client && brandId !== undefined && search.length >= 2,
  });
  return (
    <div className="mt-2">
      {client ? (
        <div className="boe-chosen" data-testid="boe-popup-client">
          <i className="bi bi-person" aria-hidden="true" />
          <span className="flex-grow-1 text-truncate">
            <strong>{client.name}</strong> <span className="boe-sub">{client.email}</span>{' '}
            <span className="boe-sub">#{client.pin}</span>
          </span>
          <Button size="sm" variant="outline-secondary" onClick={() => onClient(null)}>
            {t('boe.popups.changeClient')}
          </Button>
        </div>
      ) : (
        <>
          <Form.Label htmlFor={`${id}-search`} className="visually-hidden">
            {t('boe.popups.field.client')}
          </Form.Label>
          <Form.Control
            id={`${id}-search`}
            size="sm"
            type="search"
            placeholder={t('boe.popups.searchClient')}
            value={q}
            maxLength={100}
            onChange={(event) => onQ(event.target.value)}
            isInvalid={invalid}
            data-testid="boe-popup-client-search"
          />
          <Form.Control.Feedback type="invalid">{t('boe.popups.error.client')}</Form.Control.Feedback>
          {hits.isFetching && <Spinner size="sm" animation="border" className="mt-2" />}
          {hits.data && hits.data.length === 0 && (
            <div className="boe-sub mt-2">{t('boe.popups.searchNone')}</div>
          )}
          {hits.data && hits.data.length > 0 && (
            <ListGroup className="boe-hits mt-2" data-testid="boe-popup-client-hits">
              {hits.data.map((hit) => (
                <ListGroup.Item
                  key={hit.id}
                  action
                  type="button"
                  onClick={() => onClient(hit)}
                  className="py-1"
                >
                  <strong>{hit.name}</strong> <span className="boe-sub">{hit.email}</span>{' '}
                  <span className="boe-sub">#{hit.pin}</span>
                </ListGroup.Item>
              ))}
            </ListGroup>
          )}
        </>
      )}
    </div>
  );
}
