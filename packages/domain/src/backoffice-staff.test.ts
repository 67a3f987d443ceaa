import { describe, expect, it } from 'vitest';
import { AuditListQuery, StaffCreateInput, StaffUpdateInput } from './backoffice-staff.js';

describe('AuditListQuery', () => {
  it('reads ids, an action and an inclusive date range (a day as `to` covers that whole day)', () => {
    const q = AuditListQuery.parse({
      staffId: '7',
      clientId: '',
      action: ' withdrawal ',
      from: '2026-05-01',
      to: '2026-05-02',
    });
    expect(q).toEqual({
      staffId: 7,
      clientId: undefined,
      action: 'withdrawal',
      from: new Date('2026-05-01T00:00:00.000Z'),
      to: new Date('2026-05-03T00:00:00.000Z'),
      brandId: undefined,
      page: undefined,
    });
    // an instant as `to` includes that very millisecond
    expect(AuditListQuery.parse({ to: '2026-05-02T10:00:00.000Z' }).to).toEqual(
      new Date('2026-05-02T10:00:00.001Z'),
    );
  });

  it.each([{ staffId: 'x' }, { page: '0' }, { from: 'yesterday' }, { to: '2026-02-30x' }, { brandId: '-3' }])(
    'refuses %o',
    (input) => {
      expect(AuditListQuery.safeParse(input).success).toBe(false);
    },
  );
});

describe('staff inputs', () => {
  it('lower-cases the e-mail, removes repeated roles and sorts brand ids; null is every brand', () => {
    expect(
      StaffCreateInput.parse({
        email: 'A@Example.com',
        name: ' Ann ',
        roles: ['finance', 'finance'],
        brandIds: [3, 1, 3],
      }),
    ).toEqual({ email: 'a@example.com', name: 'Ann', roles: ['finance'], brandIds: [1, 3] });
    expect(
      StaffCreateInput.parse({ email: 'a@example.com', name: 'A', roles: ['admin'], brandIds: null })
        .brandIds,
    ).toBeNull();
  });

  it('refuses no role, an unknown role and an empty brand list', () => {
    const base = { email: 'a@example.com', name: 'A', roles: ['admin'], brandIds: null };
    for (const change of [{ roles: [] }, { roles: ['boss'] }, { brandIds: [] }]) {
      expect(StaffCreateInput.safeParse({ ...base, ...change }).success).toBe(false);
    }
    expect(StaffUpdateInput.parse({})).toEqual({});
    expect(StaffUpdateInput.safeParse({ disabled: 'yes' }).success).toBe(false);
  });
});
