import { BackofficeBrand } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { staffRequest } from '../api.js';

/** The brands in the staff member's scope (GET /api/backoffice/brands), cached for the session. */
export function useBrands() {
  return useQuery({
    queryKey: ['bo', 'brands'],
    queryFn: ({ signal }) =>
      staffRequest('/api/backoffice/brands', { schema: BackofficeBrand.array(), signal }),
    staleTime: 5 * 60_000,
  });
}

/** A brand select: every brand in scope, or one. `undefined` means all brands. */
export function BrandFilter({
  value,
  onChange,
  label,
  className,
}: {
  value: number | undefined;
  onChange: (brandId: number | undefined) => void;
  /** Visible label; without it the label is for screen readers only. */
  label?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const brands = useBrands();
  const list = brands.data ?? [];
  return (
    <Form.Group controlId={id} className={className ?? 'bo-filter'}>
      <Form.Label className={label ? 'bo-filter-label' : 'visually-hidden'}>
        {label ?? t('bo.brand')}
      </Form.Label>
      <Form.Select
        size="sm"
        value={value === undefined ? '' : String(value)}
        onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
        disabled={brands.isLoading}
        data-testid="bo-brand-filter"
      >
        <option value="">{t('bo.allBrands')}</option>
        {list.map((brand) => (
          <option key={brand.id} value={brand.id}>
            {brand.name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
