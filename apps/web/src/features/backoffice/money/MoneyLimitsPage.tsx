import { limitsToDecimals, type MoneyLimitRole, type MoneyLimitsRow, parseLimits } from '@openbroker/domain';
import { useState } from 'react';
import { Badge, Button, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { BoPage, BoPanel } from '../shell/BoPage.js';
import { BrandFilter, useBrands } from '../shell/BrandFilter.js';
import { LoadError, SkeletonRows, useErrorText } from '../shell/panelStates.js';
import { useStaffSession } from '../shell/session.js';
import { NoAccess } from '../shell/states.js';
import { useBoFormat } from './format.js';
import { type LimitsText, useMoneyLimits, useMoneyLimitsChange } from './useMoneyRequests.js';
import './money.css';
import './moneyRequests.css';

const CAPS = ['maxSingle', 'maxDailyPerMember', 'maxDailyPerClient'] as const;

const CAP_LABEL: Record<(typeof CAPS)[number], TranslationKey> = {
  maxSingle: 'bomr.limits.maxSingle',
  maxDailyPerMember: 'bomr.limits.maxDailyPerMember',
  maxDailyPerClient: 'bomr.limits.maxDailyPerClient',
};

const ROLE_LABEL: Record<MoneyLimitRole, TranslationKey> = {
  finance: 'bomr.role.finance',
  admin: 'bomr.role.admin',
};

/**
 * Money limits per brand and role (admins): the caps on one request and on the day per member and per client.
 * Lowering a cap applies at once; a raise waits until a second admin confirms it (nobody lifts a limit alone).
 */
export function MoneyLimitsPage() {
  const { t } = useTranslation();
  const { can } = useStaffSession();
  const allowed = can('limits.manage');
  const brands = useBrands();
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const brandId = chosen ?? brands.data?.[0]?.id;
  const query = useMoneyLimits(allowed ? brandId : undefined);
  const brand = brands.data?.find((b) => b.id === brandId);

  return (
    <BoPage
      title={t('bomr.limits.title')}
      subtitle={t('bomr.limits.lead')}
      testId="bomr-limits"
      actions={allowed && <BrandFilter value={brandId} onChange={(id) => setChosen(id)} />}
    >
      {!allowed ? (
        <BoPanel>
          <NoAccess />
        </BoPanel>
      ) : (
        <BoPanel
          flush
          title={brand ? `${brand.name} · ${query.data?.currency ?? brand.currency}` : undefined}
        >
          {query.isError && !query.data ? (
            <LoadError error={query.error} onRetry={() => void query.refetch()} />
          ) : brandId === undefined && !brands.isPending ? (
            <p className="bom-sub m-3">{t('bomr.limits.pickBrand')}</p>
          ) : (
            <div className="table-responsive bom-scroll">
              <Table className="ob-table bom-table bomr-limits-table mb-0 align-middle">
                <thead>
                  <tr>
                    <th scope="col">{t('bomr.limits.role')}</th>
                    {CAPS.map((cap) => (
                      <th key={cap} scope="col" className="text-end">
                        {t(CAP_LABEL[cap])}
                      </th>
                    ))}
                    <th scope="col" className="text-end">
                      <span className="visually-hidden">{t('bom.queue.col.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {!query.data && <SkeletonRows columns={5} rows={2} />}
                  {query.data?.roles.map((row) => (
                    <LimitsRow
                      key={`${brandId}-${row.role}`}
                      brandId={brandId}
                      row={row}
                      currency={query.data.currency}
                    />
                  ))}
                </tbody>
              </Table>
            </div>
          )}
        </BoPanel>
      )}
    </BoPage>
  );
}

const asText = (row: MoneyLimitsRow): LimitsText => ({ ...row.limits });

/** One role's caps: shown with the currency, edited in place; a waiting raise with Confirm for a second admin. */
function LimitsRow({
  brandId,
  row,
  currency,
}: {
  brandId: number | undefined;
  row: MoneyLimitsRow;
  currency: string;
}) {
  const { t } = useTranslation();
  const { staff } = useStaffSession();
  const format = useBoFormat();
  const toast = useToast();
  const errorText = useErrorText();
  const change = useMoneyLimitsChange(brandId);
  const [draft, setDraft] = useState<LimitsText | null>(null);
  const [invalid, setInvalid] = useState(false);

  const save = () => {
    if (!draft) return;
    const parsed = parseLimits(draft);
    if (!parsed) {
      setInvalid(true);
      return;
    }
    change.mutate(
      // sent as exact decimals ('12000' → '12000.00'), as the server stores and answers them
      { kind: 'set', role: row.role, limits: limitsToDecimals(parsed) },
      {
        onSuccess: (answer) => {
          setDraft(null);
          const proposed = answer.roles.find((r) => r.role === row.role)?.proposal;
          toast(proposed ? 'info' : 'success', {
            key: proposed ? 'bomr.limits.proposed' : 'bomr.limits.saved',
          });
        },
      },
    );
  };
  const ownProposal = row.proposal?.proposedBy.staffId === staff?.id;

  return (
    <>
      <tr data-testid="bomr-limits-row" data-role={row.role}>
        <td>
          <span className="fw-semibold">{t(ROLE_LABEL[row.role])}</span>
          <div>
            <Badge bg="" className={`bom-badge ${row.custom ? 'bom-badge-info' : 'bom-badge-muted'}`}>
              {t(row.custom ? 'bomr.limits.custom' : 'bomr.limits.default')}
            </Badge>
          </div>
        </td>
        {CAPS.map((cap) => (
          <td key={cap} className="text-end ob-num">
            {draft ? (
              <Form.Control
                size="sm"
                inputMode="decimal"
                className="text-end ob-num"
                aria-label={`${t(ROLE_LABEL[row.role])}: ${t(CAP_LABEL[cap])} (${currency})`}
                value={draft[cap]}
                isInvalid={invalid}
                onChange={(event) => {
                  setInvalid(false);
                  setDraft({ ...draft, [cap]: event.target.value });
                }}
                data-testid={`bomr-limit-${cap}`}
              />
            ) : (
              <span data-testid={`bomr-limit-value-${cap}`}>{format.money(row.limits[cap], currency)}</span>
            )}
          </td>
        ))}
        <td className="text-end text-nowrap">
          {draft ? (
            <div className="d-inline-flex gap-2">
              <Button size="sm" variant="outline-secondary" onClick={() => setDraft(null)}>
                {t('bomr.limits.cancel')}
              </Button>
              <Button
                size="sm"
                variant="primary"
                onClick={save}
                disabled={change.isPending}
                data-testid="bomr-limits-save"
              >
                {t('bomr.limits.save')}
              </Button>
            </div>
          ) : (
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={() => {
                change.reset();
                setDraft(asText(row));
              }}
              data-testid="bomr-limits-edit"
            >
              <i className="bi bi-pencil me-1" aria-hidden="true" />
              {t('bomr.limits.edit')}
            </Button>
          )}
        </td>
      </tr>
      {(invalid || change.error) && (
        <tr>
          <td colSpan={5} className="text-danger small" role="alert" data-testid="bomr-limits-error">
            {invalid ? t('bomr.limits.invalid') : errorText(change.error)}
          </td>
        </tr>
      )}
      {row.proposal && (
        <tr className="bomr-proposal" data-testid="bomr-limits-proposal">
          <td>
            <Badge bg="" className="bom-badge bom-badge-warn">
              <i className="bi bi-hourglass-split me-1" aria-hidden="true" />
              {t('bomr.limits.proposal', { name: row.proposal.proposedBy.name })}
            </Badge>
          </td>
          {CAPS.map((cap) => (
            <td key={cap} className="text-end ob-num">
              {format.money(row.proposal?.limits[cap], currency)}
            </td>
          ))}
          <td className="text-end">
            {ownProposal ? (
              <span className="bom-sub">{t('bomr.limits.proposalYours')}</span>
            ) : (
              <Button
                size="sm"
                variant="warning"
                disabled={change.isPending}
                onClick={() =>
                  change.mutate(
                    { kind: 'confirm', role: row.role },
                    { onSuccess: () => toast('success', { key: 'bomr.limits.confirmed' }) },
                  )
                }
                data-testid="bomr-limits-confirm"
              >
                <i className="bi bi-check2-all me-1" aria-hidden="true" />
                {t('bomr.limits.confirm')}
              </Button>
            )}
          </td>
        </tr>
      )}
    </>
  );
}
