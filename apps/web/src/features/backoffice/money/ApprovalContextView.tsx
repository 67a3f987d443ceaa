import type { AdjustmentKind, ApprovalContext, FourEyesReason, MoneyRequest } from '@openbroker/domain';
import { Alert, Placeholder } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { shortDateTime } from '../../../lib/dates.js';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { useErrorText } from '../shell/panelStates.js';
import { useBoFormat } from './format.js';
import { useApprovalContext } from './useMoneyRequests.js';

type LooseT = (key: string, options?: Record<string, unknown>) => string;

export const KIND_LABEL: Record<AdjustmentKind, TranslationKey> = {
  bonus: 'bom.adjust.kind.bonus',
  promotional_bonus: 'bom.adjust.kind.promotional_bonus',
  credit: 'bom.adjust.kind.credit',
  correction: 'bom.adjust.kind.correction',
  wire_withdrawal: 'bom.adjust.kind.wire_withdrawal',
  card_withdrawal: 'bom.adjust.kind.card_withdrawal',
};

export const STATUS_LABEL: Record<MoneyRequest['status'], TranslationKey> = {
  pending: 'bomr.status.pending',
  approved: 'bomr.status.approved',
  rejected: 'bomr.status.rejected',
  cancelled: 'bomr.status.cancelled',
};

const STATUS_TONE: Record<MoneyRequest['status'], string> = {
  pending: 'bom-badge-warn',
  approved: 'bom-badge-ok',
  rejected: 'bom-badge-bad',
  cancelled: 'bom-badge-muted',
};

/** A request's state as a small coloured badge. */
export function RequestStatus({ status }: { status: MoneyRequest['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`badge bom-badge ${STATUS_TONE[status]}`} data-testid="bomr-status">
      {t(STATUS_LABEL[status])}
    </span>
  );
}

/** A request's amount as it moves the balance, signed, in its currency, coloured in and out. */
export function SignedAmount({ request }: { request: Pick<MoneyRequest, 'amount' | 'currency'> }) {
  const format = useBoFormat();
  const out = request.amount.startsWith('-');
  return (
    <span
      className={`ob-num fw-semibold ${out ? 'bom-amount-out' : 'bom-amount-in'}`}
      data-testid="bomr-amount"
    >
      {format.money(request.amount, request.currency, true)}
    </span>
  );
}

/**
 * What an approver should know before paying a client from one of their accounts, loaded for the client and the
 * account the money leaves (the withdrawal queue's dialog); with the withdrawal's reference, its amount in the
 * brand's currency and whether it needs a second approval.
 */
export function ClientApprovalContext({
  clientId,
  accountId,
  reference,
}: {
  clientId: number;
  accountId: number;
  reference?: string;
}) {
  const query = useApprovalContext(clientId, accountId, reference);
  return <ApprovalContextView context={query.data} error={query.isError ? query.error : null} />;
}

const FOUR_EYES_TEXT: Record<FourEyesReason, TranslationKey> = {
  above: 'bomr.ctx.fourEyes.above',
  within: 'bomr.ctx.fourEyes.within',
  noRate: 'bomr.ctx.fourEyes.noRate',
};

/**
 * The money being decided against the brand's limits (which are in the brand's currency): the amount in the
 * account's currency, its equivalent at the brand's dealing rate now ("≈ €…", or that there is no rate now), and for
 * a withdrawal whether a second approval is needed and why.
 */
function DecisionFigures({ decision }: { decision: NonNullable<ApprovalContext['decision']> }) {
  const { t } = useTranslation();
  const format = useBoFormat();
  const unsigned = (amount: string) => amount.replace(/^-/, '');
  const other = decision.currency !== decision.brandCurrency;
  const { fourEyes } = decision;
  return (
    <div className="bomr-context-decision mb-2" data-testid="bomr-context-decision">
      <div className="bomr-context-label">{t('bomr.ctx.amount')}</div>
      <strong className="ob-num" data-testid="bomr-context-amount">
        {format.money(unsigned(decision.amount), decision.currency)}
      </strong>
      {other && (
        <span className="bom-sub ms-2" data-testid="bomr-context-in-brand">
          {decision.inBrandCurrency === null
            ? t('bomr.ctx.noRate', { currency: decision.currency, brandCurrency: decision.brandCurrency })
            : t('bomr.ctx.inBrand', {
                amount: format.money(unsigned(decision.inBrandCurrency), decision.brandCurrency),
              })}
        </span>
      )}
      {fourEyes && (
        <div
          className={`small mt-1 ${fourEyes.needed ? 'text-warning-emphasis' : 'bom-sub'}`}
          data-testid="bomr-context-four-eyes"
        >
          <i className={`bi ${fourEyes.needed ? 'bi-people' : 'bi-person-check'} me-1`} aria-hidden="true" />
          {t(FOUR_EYES_TEXT[fourEyes.reason], {
            threshold: format.money(fourEyes.threshold, decision.brandCurrency),
          })}
        </div>
      )}
    </div>
  );
}

/**
 * The approval context: a prominent warning when the client resembles a staff member (they may be paying
 * themselves), the client's verification, documents and balance, and the latest staff money requests.
 */
export function ApprovalContextView({
  context,
  error,
  exclude,
}: {
  context: ApprovalContext | undefined;
  error?: unknown;
  /** The request being decided (not repeated among the latest ones). */
  exclude?: string;
}) {
  const { t, i18n } = useTranslation();
  const loose = t as unknown as LooseT;
  const format = useBoFormat();
  const errorText = useErrorText();
  if (error)
    return (
      <Alert variant="warning" className="py-2 small mb-0 mt-3" data-testid="bomr-context-error">
        {errorText(error)}
      </Alert>
    );
  if (!context)
    return (
      <div className="bomr-context mt-3" aria-busy="true">
        <span className="visually-hidden">{t('bomr.ctx.loading')}</span>
        <Placeholder animation="glow" as="div">
          <Placeholder xs={8} /> <Placeholder xs={6} /> <Placeholder xs={10} />
        </Placeholder>
      </div>
    );
  const { client } = context;
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  const recent = context.recent.filter((request) => request.reference !== exclude).slice(0, 5);
  return (
    <section className="bomr-context mt-3" data-testid="bomr-context" aria-label={t('bomr.ctx.title')}>
      {context.lookalikes.length > 0 && (
        <Alert variant="danger" className="bomr-lookalike mb-3" role="alert" data-testid="bomr-lookalike">
          <div className="d-flex gap-2">
            <i className="bi bi-person-exclamation fs-5" aria-hidden="true" />
            <div>
              <strong className="d-block">{t('bomr.ctx.lookalikeTitle')}</strong>
              {context.lookalikes.map((member) => (
                <div key={member.staffId}>
                  {t('bomr.ctx.lookalike', {
                    name: member.name,
                    fields: list.format(member.fields.map((field) => t(`bomr.ctx.field.${field}`))),
                  })}
                </div>
              ))}
              <div className="small mt-1">{t('bomr.ctx.lookalikeHint')}</div>
            </div>
          </div>
        </Alert>
      )}
      <h3 className="bomr-context-title">{t('bomr.ctx.title')}</h3>
      {context.decision && <DecisionFigures decision={context.decision} />}
      <div className="bomr-context-grid">
        <div>
          <div className="bomr-context-label">{t('bomr.ctx.verification')}</div>
          <span
            className={`badge bom-badge ${client.verified ? 'bom-badge-ok' : 'bom-badge-warn'}`}
            data-testid="bomr-verified"
          >
            <i
              className={`bi ${client.verified ? 'bi-patch-check-fill' : 'bi-patch-exclamation'} me-1`}
              aria-hidden="true"
            />
            {t(client.verified ? 'bomr.ctx.verified' : 'bomr.ctx.notVerified')}
          </span>
        </div>
        {context.account && (
          <div>
            <div className="bomr-context-label">{t('bomr.ctx.account')}</div>
            <strong className="ob-num" data-testid="bomr-context-account">
              {context.account.number}
            </strong>
          </div>
        )}
        <div>
          <div className="bomr-context-label">{t('bomr.ctx.balance')}</div>
          <strong className="ob-num" data-testid="bomr-context-balance">
            {format.money(client.balance, client.currency)}
          </strong>
        </div>
        {context.account && (
          <>
            <div>
              <div className="bomr-context-label">{t('bomr.ctx.equity')}</div>
              <strong className="ob-num" data-testid="bomr-context-equity">
                {format.money(context.account.equity, context.account.currency)}
              </strong>
            </div>
            <div>
              <div className="bomr-context-label">{t('bomr.ctx.openPositions')}</div>
              <strong className="ob-num" data-testid="bomr-context-positions">
                {context.account.openPositions}
              </strong>
            </div>
          </>
        )}
        <div className="bomr-context-docs">
          <div className="bomr-context-label">{t('bomr.ctx.documents')}</div>
          <ul className="bomr-docs" data-testid="bomr-documents">
            {client.documents.map((document) => (
              <li key={document.type} className={`bomr-doc bomr-doc-${document.status.toLowerCase()}`}>
                <span>{loose(`bomr.doc.${document.type}`, { defaultValue: document.type })}</span>{' '}
                <span className="bomr-doc-state">
                  {loose(`bomr.docStatus.${document.status}`, { defaultValue: document.status })}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="bomr-context-label mt-2">{t('bomr.ctx.recent')}</div>
      {recent.length === 0 ? (
        <div className="bom-sub">{t('bomr.ctx.recentEmpty')}</div>
      ) : (
        <ul className="bomr-recent" data-testid="bomr-recent">
          {recent.map((request) => (
            <li key={request.reference}>
              <span className="bom-sub ob-num">{shortDateTime(request.requestedAt, i18n.language)}</span>
              <span className="bomr-recent-kind">{t(KIND_LABEL[request.kind])}</span>
              <SignedAmount request={request} />
              <RequestStatus status={request.status} />
              <span className="bom-sub text-truncate">{request.requestedBy.name}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
