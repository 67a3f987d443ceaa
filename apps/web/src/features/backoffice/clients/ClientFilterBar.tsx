import { type Dispatch, type SetStateAction, useId } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BrandFilter } from '../shell/BrandFilter.js';
import type { ClientFilters } from './types.js';
import { useReference } from './useClients.js';

/**
 * The client list's filter bar: the search box (applied after a pause in typing, or on Enter),
 * brand, verification, waiting documents, country, registration dates and first deposit.
 */
export function ClientFilterBar({
  filters,
  update,
  typed,
  setTyped,
  filtered,
  onReset,
}: {
  filters: ClientFilters;
  /** Applies a change of filters (back to the first page). */
  update: (change: Partial<ClientFilters>) => void;
  /** The text in the search box, ahead of the applied search. */
  typed: string;
  setTyped: Dispatch<SetStateAction<string>>;
  /** Whether any filter is set (offers the reset). */
  filtered: boolean;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const reference = useReference();
  const ids = {
    q: useId(),
    verified: useId(),
    docs: useId(),
    country: useId(),
    from: useId(),
    to: useId(),
    dep: useId(),
  };
  return (
    <div className="bo-toolbar" data-testid="bo-clients-filters">
      <Form.Group controlId={ids.q} className="bo-filter bo-filter-search">
        <Form.Label className="bo-filter-label">{t('bo.clients.search')}</Form.Label>
        <div className="bo-search">
          <i className="bi bi-search" aria-hidden="true" />
          <Form.Control
            size="sm"
            type="search"
            value={typed}
            placeholder={t('bo.clients.searchPlaceholder')}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') update({ q: typed });
            }}
            maxLength={100}
            data-testid="bo-clients-search"
          />
        </div>
      </Form.Group>
      <BrandFilter
        label={t('bo.brand')}
        value={filters.brandId ? Number(filters.brandId) : undefined}
        onChange={(brandId) => update({ brandId: brandId === undefined ? '' : String(brandId) })}
      />
      <Form.Group controlId={ids.verified} className="bo-filter">
        <Form.Label className="bo-filter-label">{t('bo.clients.verified')}</Form.Label>
        <Form.Select
          size="sm"
          value={filters.verified}
          onChange={(event) => update({ verified: event.target.value as ClientFilters['verified'] })}
          data-testid="bo-filter-verified"
        >
          <option value="">{t('bo.any')}</option>
          <option value="true">{t('bo.clients.verifiedYes')}</option>
          <option value="false">{t('bo.clients.verifiedNo')}</option>
        </Form.Select>
      </Form.Group>
      <Form.Group controlId={ids.docs} className="bo-filter">
        <Form.Label className="bo-filter-label">{t('bo.clients.documents')}</Form.Label>
        <Form.Select
          size="sm"
          value={filters.documentsWaiting}
          onChange={(event) =>
            update({ documentsWaiting: event.target.value as ClientFilters['documentsWaiting'] })
          }
          data-testid="bo-filter-documents"
        >
          <option value="">{t('bo.any')}</option>
          <option value="true">{t('bo.clients.documentsWaiting')}</option>
        </Form.Select>
      </Form.Group>
      <Form.Group controlId={ids.country} className="bo-filter">
        <Form.Label className="bo-filter-label">{t('bo.clients.country')}</Form.Label>
        <Form.Select
          size="sm"
          value={filters.countryId}
          onChange={(event) => update({ countryId: event.target.value })}
          data-testid="bo-filter-country"
        >
          <option value="">{t('bo.clients.allCountries')}</option>
          {reference.data?.countries.map((country) => (
            <option key={country.id} value={country.id}>
              {country.name}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group controlId={ids.from} className="bo-filter">
        <Form.Label className="bo-filter-label">{t('bo.clients.registeredFrom')}</Form.Label>
        <Form.Control
          size="sm"
          type="date"
          value={filters.registeredFrom}
          max={filters.registeredTo || undefined}
          onChange={(event) => update({ registeredFrom: event.target.value })}
          data-testid="bo-filter-from"
        />
      </Form.Group>
      <Form.Group controlId={ids.to} className="bo-filter">
        <Form.Label className="bo-filter-label">{t('bo.clients.registeredTo')}</Form.Label>
        <Form.Control
          size="sm"
          type="date"
          value={filters.registeredTo}
          min={filters.registeredFrom || undefined}
          onChange={(event) => update({ registeredTo: event.target.value })}
          data-testid="bo-filter-to"
        />
      </Form.Group>
      <Form.Group controlId={ids.dep} className="bo-filter">
        <Form.Label className="bo-filter-label">{t('bo.clients.deposited')}</Form.Label>
        <Form.Select
          size="sm"
          value={filters.hasDeposited}
          onChange={(event) => update({ hasDeposited: event.target.value as ClientFilters['hasDeposited'] })}
          data-testid="bo-filter-deposited"
        >
          <option value="">{t('bo.any')}</option>
          <option value="true">{t('bo.clients.depositedYes')}</option>
          <option value="false">{t('bo.clients.depositedNo')}</option>
        </Form.Select>
      </Form.Group>
      {filtered && (
        <Button variant="link" size="sm" className="bo-link-btn bo-filter-reset" onClick={onReset}>
          <i className="bi bi-x-circle me-1" aria-hidden="true" />
          {t('bo.clients.reset')}
        </Button>
      )}
    </div>
  );
}
