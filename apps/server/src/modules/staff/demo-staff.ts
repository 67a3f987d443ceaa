import type { StaffRole } from '@openbroker/domain';

export interface DemoStaff {
  email: string;
  password: string;
  name: string;
  role: StaffRole;
  /** Base32 TOTP secret, already enrolled: public on purpose so people and the e2e suite can sign in. */
  totpSecret: string;
}

/** The password of every demo staff member but the admin (who keeps Admin1234!). */
export const DEMO_STAFF_PASSWORD = 'Staff1234!';

/**
 * One demo staff member per role (demo mode only; README "Demo logins", printed at start). Their
 * TOTP secrets are fixed and public: add one to an authenticator app, or compute a code from it.
 */
export const DEMO_STAFF: DemoStaff[] = [
  {
    email: 'admin@example.com',
    password: 'Admin1234!',
    name: 'Demo Admin',
    role: 'admin',
    totpSecret: 'CE524PKXVOVFZH7KRGZH3EOOKDIT4I4X',
  },
  {
    email: 'compliance@example.com',
    password: 'Staff1234!',
    name: 'Demo Compliance',
    role: 'compliance',
    totpSecret: 'HVNFDQIVZEQ7EUMGSOSBXPD5S7HGJYRM',
  },
  {
    email: 'finance@example.com',
    password: 'Staff1234!',
    name: 'Demo Finance',
    role: 'finance',
    totpSecret: '3BM4RNYGBCDE334IIZQO4624UUYZU6CJ',
  },
  {
    email: 'dealer@example.com',
    password: 'Staff1234!',
    name: 'Demo Dealer',
    role: 'dealer',
    totpSecret: '5JQMNEGXNA6BTBISBDKINZKU6IITN2OA',
  },
  {
    email: 'support@example.com',
    password: 'Staff1234!',
    name: 'Demo Support',
    role: 'support',
    totpSecret: 'BAPB5TXCC7HCSETX5YRV6Z3CRDDZF6XC',
  },
  {
    email: 'content@example.com',
    password: 'Staff1234!',
    name: 'Demo Content',
    role: 'content',
    totpSecret: 'BESVD6ZCOZGJKI7ZGP4IWFWJYTRTT63H',
  },
];
