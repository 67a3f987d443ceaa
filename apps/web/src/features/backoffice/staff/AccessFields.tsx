import { type BackofficeBrand, STAFF_ROLES, type StaffRole } from '@openbroker/domain';
import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ROLE_LABEL } from './roles.js';

/** Roles and brand scope as edited: `brandIds` null means every brand. */
export interface Access {
  roles: StaffRole[];
  brandIds: number[] | null;
}

/** Role checkboxes and the brand scope (all brands, or chosen ones). */
export function AccessFields({
  value,
  onChange,
  brands,
  error,
}: {
  value: Access;
  onChange: (access: Access) => void;
  brands: BackofficeBrand[];
  error: { roles?: boolean; brands?: boolean };
}) {
  const { t } = useTranslation();
  const id = useId();
  const toggleRole = (role: StaffRole) =>
    onChange({
      ...value,
      roles: value.roles.includes(role) ? value.roles.filter((r) => r !== role) : [...value.roles, role],
    });
  const toggleBrand = (brandId: number) => {
    const list = value.brandIds ?? [];
    onChange({
      ...value,
      brandIds: list.includes(brandId) ? list.filter((b) => b !== brandId) : [...list, brandId],
    });
  };
  return (
    <>
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-1">{t('bom.staff.col.roles')}</legend>
        <div className="bom-check-grid">
          {STAFF_ROLES.map((role) => (
            <Form.Check
              key={role}
              id={`${id}-role-${role}`}
              type="checkbox"
              label={t(ROLE_LABEL[role])}
              checked={value.roles.includes(role)}
              onChange={() => toggleRole(role)}
              isInvalid={error.roles}
              data-testid={`bom-role-${role}`}
            />
          ))}
        </div>
        {error.roles && <div className="invalid-feedback d-block">{t('bom.staff.error.roles')}</div>}
      </fieldset>
      <fieldset>
        <legend className="form-label fs-6 mb-1">{t('bom.staff.col.brands')}</legend>
        <Form.Check
          type="switch"
          id={`${id}-all`}
          label={t('bo.allBrands')}
          checked={value.brandIds === null}
          onChange={(event) => onChange({ ...value, brandIds: event.target.checked ? null : [] })}
          data-testid="bo-staff-all-brands"
        />
        {value.brandIds !== null && (
          <div className="bom-check-grid mt-2">
            {brands.map((brand) => (
              <Form.Check
                key={brand.id}
                id={`${id}-brand-${brand.id}`}
                type="checkbox"
                label={brand.name}
                checked={value.brandIds?.includes(brand.id) ?? false}
                onChange={() => toggleBrand(brand.id)}
                isInvalid={error.brands}
              />
            ))}
          </div>
        )}
        {error.brands && <div className="invalid-feedback d-block">{t('bom.staff.error.brands')}</div>}
      </fieldset>
    </>
  );
}

/** Which of the roles and the brand scope is missing: at least one role, and a brand unless all brands. */
export const accessErrors = (access: Access) => ({
  roles: access.roles.length === 0,
  brands: access.brandIds !== null && access.brandIds.length === 0,
});
