import type { AuthData, UserDto } from '@openbroker/domain';
import type { UserRow } from './accounts.repo.js';

/**
 * The user object of the auth answer, exactly as spec §3 lists it (the domain's `UserDto`). Flags are
 * 1/0 as the spec's front ends expect; the password hash and internal ids never leave the server.
 */
export function presentUser(row: UserRow, token: string): UserDto {
  return {
    token,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    phone: row.phone,
    birth_date: row.birthDate,
    country_id: row.countryId,
    state: row.state,
    city: row.city,
    street: row.street,
    zip_code: row.zipCode,
    pin: row.pin,
    level: row.level,
    verified_account: row.verifiedAccount ? 1 : 0,
    auto_trading: row.autoTrading ? 1 : 0,
    custom_leverage: row.customLeverage,
    assets_group_permission: row.assetsGroupPermission,
    uniqid: row.uniqid,
    doc_passport: row.docPassport,
    doc_address: row.docAddress,
    doc_funding_front: row.docFundingFront,
    doc_funding_back: row.docFundingBack,
    created_at: row.createdAt.toISOString(),
    new_password: '',
    confirm_password: '',
  };
}

/** `data` of a successful login, auto login, registration or refresh (spec §7). */
export const presentAuth = (row: UserRow, token: string): AuthData => ({
  access_token: token,
  user: presentUser(row, token),
});
