import type { StaffRole } from '@openbroker/domain';
import type { TranslationKey } from '../../../lib/i18n/keys.js';

/** The label of each staff role, in the staff list, the role editor and the idle limits per role. */
export const ROLE_LABEL: Record<StaffRole, TranslationKey> = {
  admin: 'bo.role.admin',
  compliance: 'bo.role.compliance',
  finance: 'bo.role.finance',
  dealer: 'bo.role.dealer',
  support: 'bo.role.support',
  content: 'bo.role.content',
};
