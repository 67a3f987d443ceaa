import {
  type BackofficeBrand,
  isAllowListEntry,
  STAFF_ROLES,
  StaffCreated,
  StaffMember,
  StaffMemberList,
  type StaffRole,
  splitAllowList,
} from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Alert, Badge, Button, Form, InputGroup, Modal, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { staffRequest } from '../api.js';
import { useBoFormat } from '../money/format.js';
import { BoPage, BoPanel } from '../shell/BoPage.js';
import { useBrands } from '../shell/BrandFilter.js';
import { LoadError, SkeletonRows, useErrorText } from '../shell/panelStates.js';
import { ReasonDialog } from '../shell/ReasonDialog.js';
import { useStaffSession } from '../shell/session.js';
import { NoAccess } from '../shell/states.js';
import '../money/money.css';
import { ROLE_LABEL } from './roles.js';
import { IdleLimitsPanel, PasswordResetDialog } from './StaffCredentials.js';

const STAFF_KEY = ['bo', 'staff'] as const;

const roleLabel = (t: (key: TranslationKey) => string, role: string) =>
  role in ROLE_LABEL ? t(ROLE_LABEL[role as StaffRole]) : role;

/** Roles and brand scope as edited: `brandIds` null means every brand. */
interface Access {
  roles: StaffRole[];
  brandIds: number[] | null;
}

type Confirm = { member: StaffMember; kind: 'disable' | 'enable' | 'reset2fa' | 'unlock2fa' } | null;

const CONFIRM_TEXT = {
  reset2fa: {
    title: 'bom.staff.confirm.reset2fa',
    label: 'bom.staff.reset2fa',
    note: 'bom.staff.confirm.reset2faNote',
  },
  disable: {
    title: 'bom.staff.confirm.disable',
    label: 'bom.staff.disable',
    note: 'bom.staff.confirm.disableNote',
  },
  enable: {
    title: 'bom.staff.confirm.enable',
    label: 'bom.staff.enable',
    note: 'bom.staff.confirm.enableNote',
  },
  unlock2fa: {
    title: 'bo.staffCred.unlock.title',
    label: 'bo.staffCred.unlock.action',
    note: 'bo.staffCred.unlock.note',
  },
} as const satisfies Record<NonNullable<Confirm>['kind'], Record<'title' | 'label' | 'note', TranslationKey>>;

/**
 * Staff management (admin only): the staff list with roles, brand scope and two-factor
 * state; create a member (the initial password is shown once), change roles and brand scope,
 * disable or enable, reset two-factor sign-in.
 */
export function StaffPage() {
  const { t } = useTranslation();
  const { can, staff: me } = useStaffSession();
  const allowed = can('staff.manage');
  const format = useBoFormat();
  const toast = useToast();
  const queryClient = useQueryClient();
  const brands = useBrands();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [resetting, setResetting] = useState<StaffMember | null>(null);

  const query = useQuery({
    queryKey: STAFF_KEY,
    queryFn: ({ signal }) => staffRequest('/api/backoffice/staff', { schema: StaffMemberList, signal }),
    enabled: allowed,
  });
  const action = useMutation({
    mutationFn: ({ member, kind, reason }: NonNullable<Confirm> & { reason: string }) =>
      kind === 'reset2fa' || kind === 'unlock2fa'
        ? staffRequest(
            `/api/backoffice/staff/${member.id}/${kind === 'reset2fa' ? 'reset-2fa' : 'unlock-2fa'}`,
            {
              schema: StaffMember,
              method: 'POST',
              body: {},
            },
          )
        : staffRequest(`/api/backoffice/staff/${member.id}`, {
            schema: StaffMember,
            method: 'POST',
            // disabling needs a reason, kept in the audit log
            body: { disabled: kind === 'disable', ...(reason ? { reason } : {}) },
          }),
    onSuccess: (_answer, { kind }) => {
      setConfirm(null);
      toast('success', {
        key:
          kind === 'reset2fa'
            ? 'bom.staff.toast.reset2fa'
            : kind === 'unlock2fa'
              ? 'bo.staffCred.unlock.done'
              : kind === 'disable'
                ? 'bom.staff.toast.disabled'
                : 'bom.staff.toast.enabled',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });

  const brandName = (id: number) => brands.data?.find((b) => b.id === id)?.name ?? `#${id}`;
  const rows = query.data ?? [];

  return (
    <BoPage
      title={t('bom.staff.title')}
      subtitle={t('bom.staff.lead')}
      testId="bo-staff"
      actions={
        allowed && (
          <Button size="sm" variant="primary" onClick={() => setCreating(true)} data-testid="bo-staff-create">
            <i className="bi bi-person-plus me-1" aria-hidden="true" />
            {t('bom.staff.create')}
          </Button>
        )
      }
    >
      {!allowed ? (
        <BoPanel>
          <NoAccess />
        </BoPanel>
      ) : (
        <BoPanel flush>
          {query.isError && !query.data ? (
            <LoadError error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            <div className="table-responsive bom-scroll">
              <Table hover className="ob-table bom-table mb-0 align-middle" data-testid="bo-staff-table">
                <caption className="visually-hidden">{t('bom.staff.title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('bom.staff.col.member')}</th>
                    <th scope="col">{t('bom.staff.col.roles')}</th>
                    <th scope="col">{t('bom.staff.col.brands')}</th>
                    <th scope="col">{t('bom.staff.col.twoFactor')}</th>
                    <th scope="col">{t('bom.staff.col.status')}</th>
                    <th scope="col">{t('bo.staffCred.col.lastSignIn')}</th>
                    <th scope="col" className="text-end">
                      <span className="visually-hidden">{t('bom.queue.col.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {query.isPending && <SkeletonRows columns={7} />}
                  {rows.map((member) => {
                    const self = member.id === me?.id;
                    return (
                      <tr
                        key={member.id}
                        data-testid="bo-staff-row"
                        className={member.disabled ? 'bom-row-muted' : undefined}
                      >
                        <td>
                          <div className="fw-semibold text-nowrap">
                            {member.name}
                            {self && <span className="bom-mine">{t('bom.staff.you')}</span>}
                          </div>
                          <div className="bom-sub text-nowrap">{member.email}</div>
                        </td>
                        <td>
                          <div className="bom-tags">
                            {member.roles.map((role) => (
                              <span key={role} className={`bom-role bom-role-${role}`}>
                                {roleLabel(t, role)}
                              </span>
                            ))}
                          </div>
                        </td>
                        <td>
                          {member.brandScope.all ? (
                            <span className="bom-sub">{t('bo.allBrands')}</span>
                          ) : (
                            <div className="bom-tags">
                              {member.brandScope.brandIds.map((id) => (
                                <span key={id} className="bom-brand-tag">
                                  {brandName(id)}
                                </span>
                              ))}
                            </div>
                          )}
                        </td>
                        <td>
                          <Badge
                            bg=""
                            className={`bom-badge ${member.twoFactorEnabled ? 'bom-badge-ok' : 'bom-badge-warn'}`}
                          >
                            <i
                              className={`bi ${member.twoFactorEnabled ? 'bi-shield-check' : 'bi-shield-exclamation'} me-1`}
                              aria-hidden="true"
                            />
                            {t(
                              member.twoFactorEnabled ? 'bom.staff.twoFactor.on' : 'bom.staff.twoFactor.off',
                            )}
                          </Badge>
                          {member.secondFactorLockedUntil && (
                            <div className="bom-sub text-nowrap mt-1" data-testid="bo-staff-locked">
                              <i className="bi bi-lock-fill me-1 text-danger" aria-hidden="true" />
                              {t('bo.staffCred.lockedUntil', {
                                time: format.dateTime(member.secondFactorLockedUntil),
                              })}
                            </div>
                          )}
                          {member.ipAllowList && (
                            <div className="bom-sub text-nowrap mt-1" title={member.ipAllowList.join(', ')}>
                              <i className="bi bi-globe2 me-1" aria-hidden="true" />
                              {t('bo.staffCred.allowListCount', { count: member.ipAllowList.length })}
                            </div>
                          )}
                        </td>
                        <td>
                          <Badge
                            bg=""
                            className={`bom-badge ${member.disabled ? 'bom-badge-muted' : 'bom-badge-ok'}`}
                          >
                            {t(member.disabled ? 'bom.staff.status.disabled' : 'bom.staff.status.active')}
                          </Badge>
                          {member.passwordChangeRequired && (
                            <div className="bom-sub text-nowrap mt-1">{t('bo.staffCred.mustChange')}</div>
                          )}
                        </td>
                        <td className="text-nowrap bom-sub" data-testid="bo-staff-last-sign-in">
                          {member.lastLoginAt ? (
                            <>
                              <div className="ob-num">{format.dateTime(member.lastLoginAt)}</div>
                              <div className="ob-num">{member.lastLoginIp}</div>
                            </>
                          ) : (
                            t('bo.staffCred.never')
                          )}
                        </td>
                        <td className="text-end text-nowrap">
                          <div className="bom-row-actions">
                            <Button size="sm" variant="outline-secondary" onClick={() => setEditing(member)}>
                              <i className="bi bi-pencil me-1" aria-hidden="true" />
                              {t('bom.staff.edit')}
                            </Button>
                            {member.secondFactorLockedUntil && (
                              <Button
                                size="sm"
                                variant="outline-warning"
                                aria-label={t('bo.staffCred.unlock.action')}
                                title={t('bo.staffCred.unlock.action')}
                                data-testid="bo-staff-unlock"
                                onClick={() => {
                                  action.reset();
                                  setConfirm({ member, kind: 'unlock2fa' });
                                }}
                              >
                                <i className="bi bi-unlock" aria-hidden="true" />
                              </Button>
                            )}
                            <Button
                              size="sm"
                              variant="outline-secondary"
                              aria-label={t('bo.staffCred.reset.action')}
                              title={t('bo.staffCred.reset.action')}
                              data-testid="bo-staff-reset-password"
                              onClick={() => setResetting(member)}
                            >
                              <i className="bi bi-key" aria-hidden="true" />
                            </Button>
                            {member.twoFactorEnabled && (
                              <Button
                                size="sm"
                                variant="outline-secondary"
                                aria-label={t('bom.staff.reset2fa')}
                                title={t('bom.staff.reset2fa')}
                                onClick={() => {
                                  action.reset();
                                  setConfirm({ member, kind: 'reset2fa' });
                                }}
                              >
                                <i className="bi bi-shield-x" aria-hidden="true" />
                              </Button>
                            )}
                            {!self && (
                              <Button
                                size="sm"
                                variant={member.disabled ? 'outline-success' : 'outline-danger'}
                                aria-label={t(member.disabled ? 'bom.staff.enable' : 'bom.staff.disable')}
                                title={t(member.disabled ? 'bom.staff.enable' : 'bom.staff.disable')}
                                onClick={() => {
                                  action.reset();
                                  setConfirm({ member, kind: member.disabled ? 'enable' : 'disable' });
                                }}
                              >
                                <i
                                  className={`bi ${member.disabled ? 'bi-person-check' : 'bi-person-slash'}`}
                                  aria-hidden="true"
                                />
                              </Button>
                            )}
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </Table>
              {query.isSuccess && rows.length === 0 && (
                <EmptyState icon="bi-people">{t('bom.staff.empty')}</EmptyState>
              )}
            </div>
          )}
        </BoPanel>
      )}
      {creating && <CreateStaffDialog brands={brands.data ?? []} onHide={() => setCreating(false)} />}
      {editing && (
        <EditStaffDialog member={editing} brands={brands.data ?? []} onHide={() => setEditing(null)} />
      )}
      {allowed && <IdleLimitsPanel />}
      {resetting && <PasswordResetDialog member={resetting} onHide={() => setResetting(null)} />}
      {confirm && (
        <ReasonDialog
          show
          // disabling asks why (required, audited); the other confirmations only ask to confirm
          hideReason={confirm.kind !== 'disable'}
          reasonRequired={confirm.kind === 'disable'}
          title={t(CONFIRM_TEXT[confirm.kind].title)}
          confirmLabel={t(CONFIRM_TEXT[confirm.kind].label)}
          variant={confirm.kind === 'enable' || confirm.kind === 'unlock2fa' ? 'success' : 'danger'}
          pending={action.isPending}
          error={action.error}
          onConfirm={(reason) => action.mutate({ ...confirm, reason })}
          onHide={() => setConfirm(null)}
          testId="bo-staff-confirm"
        >
          <p className="mb-2">
            <strong>{confirm.member.name}</strong> <span className="bom-sub">{confirm.member.email}</span>
          </p>
          <p className="mb-0 bom-sub">{t(CONFIRM_TEXT[confirm.kind].note)}</p>
        </ReasonDialog>
      )}
    </BoPage>
  );
}

/** Role checkboxes and the brand scope (all brands, or chosen ones). */
function AccessFields({
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

const accessErrors = (access: Access) => ({
  roles: access.roles.length === 0,
  brands: access.brandIds !== null && access.brandIds.length === 0,
});

function CreateStaffDialog({ brands, onHide }: { brands: BackofficeBrand[]; onHide: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const ids = { email: useId(), name: useId() };
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [access, setAccess] = useState<Access>({ roles: [], brandIds: null });
  const [tried, setTried] = useState(false);
  const [created, setCreated] = useState<StaffCreated | null>(null);
  const [copied, setCopied] = useState(false);
  const create = useMutation({
    mutationFn: () =>
      staffRequest('/api/backoffice/staff', {
        schema: StaffCreated,
        method: 'POST',
        body: { email: email.trim(), name: name.trim(), roles: access.roles, brandIds: access.brandIds },
      }),
    onSuccess: (answer) => {
      setCreated(answer);
      void queryClient.invalidateQueries({ queryKey: STAFF_KEY });
    },
  });
  const problems = {
    email: !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()),
    name: !name.trim(),
    ...accessErrors(access),
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.values(problems).some(Boolean)) return;
    create.mutate();
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // no clipboard permission: the password stays selectable
    }
  };

  return (
    <Modal
      show
      onHide={create.isPending ? () => {} : onHide}
      centered
      backdrop={created ? 'static' : true}
      data-testid="bo-staff-create-dialog"
    >
      {created ? (
        <>
          <Modal.Header>
            <Modal.Title as="h2" className="h5 mb-0">
              {t('bom.staff.created.title')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>{t('bom.staff.created.lead', { name: created.staff.name, email: created.staff.email })}</p>
            <Form.Label htmlFor={`${ids.email}-password`}>{t('bom.staff.created.password')}</Form.Label>
            <InputGroup className="mb-2">
              <Form.Control
                id={`${ids.email}-password`}
                readOnly
                value={created.password}
                className="font-monospace"
                onFocus={(event) => event.target.select()}
                data-testid="bo-staff-password"
              />
              <Button variant="outline-secondary" onClick={() => void copy(created.password)}>
                <i className={`bi ${copied ? 'bi-check-lg' : 'bi-clipboard'} me-1`} aria-hidden="true" />
                {t(copied ? 'bom.copied' : 'bom.copy')}
              </Button>
            </InputGroup>
            <Alert variant="warning" className="py-2 small d-flex gap-2">
              <i className="bi bi-eye-slash" aria-hidden="true" />
              <span>{t('bom.staff.created.once')}</span>
            </Alert>
            {created.enrolUrl && (
              <>
                <div className="form-label mb-1">{t('bom.staff.created.enrol')}</div>
                <code className="bom-json d-block">{created.enrolUrl}</code>
              </>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="primary" onClick={onHide} data-testid="bo-staff-created-done">
              {t('bom.staff.created.done')}
            </Button>
          </Modal.Footer>
        </>
      ) : (
        <Form noValidate onSubmit={submit}>
          <Modal.Header closeButton={!create.isPending}>
            <Modal.Title as="h2" className="h5 mb-0">
              {t('bom.staff.create')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <div className="row g-3 mb-3">
              <Form.Group className="col-sm-6" controlId={ids.name}>
                <Form.Label>{t('bom.staff.name')}</Form.Label>
                <Form.Control
                  size="sm"
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                  isInvalid={tried && problems.name}
                  autoComplete="off"
                  data-testid="bo-staff-name"
                />
                <Form.Control.Feedback type="invalid">{t('bom.staff.error.name')}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group className="col-sm-6" controlId={ids.email}>
                <Form.Label>{t('bom.staff.email')}</Form.Label>
                <Form.Control
                  size="sm"
                  type="email"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  isInvalid={tried && problems.email}
                  autoComplete="off"
                  data-testid="bo-staff-email"
                />
                <Form.Control.Feedback type="invalid">{t('bom.staff.error.email')}</Form.Control.Feedback>
              </Form.Group>
            </div>
            <AccessFields
              value={access}
              onChange={setAccess}
              brands={brands}
              error={tried ? accessErrors(access) : {}}
            />
            {create.error ? (
              <Alert variant="danger" className="mt-3 mb-0" role="alert">
                {errorText(create.error)}
              </Alert>
            ) : null}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={onHide} disabled={create.isPending}>
              {t('bo.cancel')}
            </Button>
            <Button
              type="submit"
              variant="primary"
              disabled={create.isPending}
              data-testid="bo-staff-create-submit"
            >
              {create.isPending && (
                <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
              )}
              {t('bom.staff.create')}
            </Button>
          </Modal.Footer>
        </Form>
      )}
    </Modal>
  );
}

function EditStaffDialog({
  member,
  brands,
  onHide,
}: {
  member: StaffMember;
  brands: BackofficeBrand[];
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [access, setAccess] = useState<Access>({
    roles: member.roles.filter((r): r is StaffRole => (STAFF_ROLES as readonly string[]).includes(r)),
    brandIds: member.brandScope.all ? null : [...member.brandScope.brandIds],
  });
  const [tried, setTried] = useState(false);
  const allowListId = useId();
  const [allowList, setAllowList] = useState((member.ipAllowList ?? []).join('\n'));
  const badEntry = splitAllowList(allowList).find((entry) => !isAllowListEntry(entry));
  const save = useMutation({
    mutationFn: () =>
      staffRequest(`/api/backoffice/staff/${member.id}`, {
        schema: StaffMember,
        method: 'POST',
        body: { roles: access.roles, brandIds: access.brandIds, ipAllowList: splitAllowList(allowList) },
      }),
    onSuccess: () => {
      toast('success', { key: 'bom.staff.toast.saved' });
      void queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      onHide();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.values(accessErrors(access)).some(Boolean) || badEntry !== undefined) return;
    save.mutate();
  };
  return (
    <Modal show onHide={save.isPending ? () => {} : onHide} centered data-testid="bo-staff-edit-dialog">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton={!save.isPending}>
          <Modal.Title as="h2" className="h5 mb-0">
            {t('bom.staff.editTitle', { name: member.name })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <AccessFields
            value={access}
            onChange={setAccess}
            brands={brands}
            error={tried ? accessErrors(access) : {}}
          />
          <Form.Group controlId={allowListId} className="mt-3">
            <Form.Label>{t('bo.staffCred.allowList.label')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              className="font-monospace"
              value={allowList}
              placeholder="203.0.113.0/24"
              isInvalid={tried && badEntry !== undefined}
              aria-describedby={`${allowListId}-hint`}
              onChange={(event) => setAllowList(event.target.value)}
              data-testid="bo-staff-allow-list"
            />
            <Form.Control.Feedback type="invalid">
              {t('bo.staffCred.allowList.invalid', { entry: badEntry ?? '' })}
            </Form.Control.Feedback>
            <Form.Text id={`${allowListId}-hint`} className="bom-sub">
              {t('bo.staffCred.allowList.hint')}
            </Form.Text>
          </Form.Group>
          {save.error ? (
            <Alert variant="danger" className="mt-3 mb-0" role="alert">
              {errorText(save.error)}
            </Alert>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide} disabled={save.isPending}>
            {t('bo.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending && <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />}
            {t('bo.save')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
