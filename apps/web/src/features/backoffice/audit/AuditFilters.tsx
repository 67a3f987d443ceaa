import type { StaffMember } from '@openbroker/domain';
import { type Dispatch, type FormEvent, type SetStateAction, useId } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BrandFilter } from '../shell/BrandFilter.js';
import type { FilterName, Filters } from './auditQuery.js';

/** Suggestions for the action filter: a group matches all its actions ('client' → 'client.*'). */
const ACTION_GROUPS = [
  'client',
  'document',
  'transaction',
  'balance.adjust',
  'position.close',
  'staff',
] as const;

/**
 * The audit screen's filter bar: staff (a list when the reader may see the staff, else an id),
 * client, action, date range and brand; applied on submit, reset when anything is applied.
 */
export function AuditFilters({
  draft,
  setDraft,
  staff,
  filtered,
  onSubmit,
  onReset,
}: {
  draft: Filters;
  setDraft: Dispatch<SetStateAction<Filters>>;
  /** The staff to pick from, when the reader may list them. */
  staff: StaffMember[] | undefined;
  /** Whether any filter is applied (offers the reset). */
  filtered: boolean;
  onSubmit: (event: FormEvent) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const ids = { staff: useId(), client: useId(), action: useId(), from: useId(), to: useId() };
  const set = (name: FilterName) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [name]: event.target.value }));
  return (
    <Form className="bom-filters" onSubmit={onSubmit} data-testid="bo-audit-filters">
      <Form.Group controlId={ids.staff}>
        <Form.Label className="bo-filter-label">{t('bom.audit.filter.staff')}</Form.Label>
        {staff ? (
          <Form.Select size="sm" value={draft.staffId} onChange={set('staffId')} data-testid="bo-audit-staff">
            <option value="">{t('bom.audit.filter.anyStaff')}</option>
            {staff.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name} ({member.email})
              </option>
            ))}
          </Form.Select>
        ) : (
          <Form.Control
            size="sm"
            inputMode="numeric"
            value={draft.staffId}
            onChange={set('staffId')}
            placeholder={t('bom.audit.filter.staffId')}
            data-testid="bo-audit-staff"
          />
        )}
      </Form.Group>
      <Form.Group controlId={ids.client}>
        <Form.Label className="bo-filter-label">{t('bom.audit.filter.client')}</Form.Label>
        <Form.Control
          size="sm"
          value={draft.client}
          onChange={set('client')}
          placeholder={t('bom.audit.filter.clientId')}
          data-testid="bo-audit-client"
        />
      </Form.Group>
      <Form.Group controlId={ids.action}>
        <Form.Label className="bo-filter-label">{t('bom.audit.filter.action')}</Form.Label>
        <Form.Control
          size="sm"
          value={draft.action}
          onChange={set('action')}
          placeholder="transaction"
          list={`${ids.action}-list`}
          data-testid="bo-audit-action"
        />
        <datalist id={`${ids.action}-list`}>
          {ACTION_GROUPS.map((group) => (
            <option key={group} value={group} />
          ))}
        </datalist>
      </Form.Group>
      <Form.Group controlId={ids.from}>
        <Form.Label className="bo-filter-label">{t('bom.audit.filter.from')}</Form.Label>
        <Form.Control
          size="sm"
          type="date"
          value={draft.from}
          max={draft.to || undefined}
          onChange={set('from')}
          data-testid="bo-audit-from"
        />
      </Form.Group>
      <Form.Group controlId={ids.to}>
        <Form.Label className="bo-filter-label">{t('bom.audit.filter.to')}</Form.Label>
        <Form.Control
          size="sm"
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          onChange={set('to')}
          data-testid="bo-audit-to"
        />
      </Form.Group>
      <BrandFilter
        label={t('bom.audit.filter.brand')}
        value={draft.brandId ? Number(draft.brandId) : undefined}
        onChange={(brandId) =>
          setDraft((d) => ({ ...d, brandId: brandId === undefined ? '' : String(brandId) }))
        }
      />
      <div className="bom-filters-actions">
        <Button type="submit" size="sm" variant="primary" data-testid="bo-audit-apply">
          <i className="bi bi-funnel me-1" aria-hidden="true" />
          {t('bom.filter.apply')}
        </Button>
        {filtered && (
          <Button size="sm" variant="link" onClick={onReset}>
            {t('bom.filter.reset')}
          </Button>
        )}
      </div>
    </Form>
  );
}
