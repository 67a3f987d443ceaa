import {
  FILL_KINDS,
  type FillAudit,
  type FillKind,
  formatPrice,
  formatPriceOnTick,
  markupLabel,
} from '@openbroker/domain';
import { Card, Nav, Placeholder, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams } from 'react-router';
import { isApiError } from '../../api/ApiError.js';
import { useDocumentTitle } from '../../lib/useDocumentTitle.js';
import { DownloadCsvButton } from '../../shared/exports/DownloadCsvButton.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FormAlert } from '../../ui/forms.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { addFillAuditResources, type FillAuditKey } from './i18n.js';
import { fillAuditPath, useFillAudit } from './useFillAudit.js';
import './fill-audit.css';

type Text = (key: FillAuditKey, params?: Record<string, string | number>) => string;

/** An instant as the audit shows it: UTC to the millisecond ('2026-12-01 00:41:03.250'). */
export const utcText = (iso: string) => iso.replace('T', ' ').replace('Z', '');

/**
 * The fill audit of one of the client's fills (client area, opened from the terminal's positions): the check that
 * the fill was the brand's quote at execution on the right side, the feed quote and markup that quote came from,
 * and the feed's quotes a minute either side; downloadable as CSV.
 */
export function FillAuditPage() {
  const { t: translate, i18n } = useTranslation();
  addFillAuditResources(i18n);
  const text = translate as unknown as Text;
  useDocumentTitle(text('fillAudit.title'));
  const params = useParams();
  const positionId = Number(params.positionId);
  const kind: FillKind = params.kind === 'close' ? 'close' : 'open';
  const query = useFillAudit(positionId, kind);
  const audit = query.data;

  return (
    <div className="container-xl ob-section" data-testid="fill-audit-screen">
      <PageHeader
        title={text('fillAudit.title')}
        lead={text('fillAudit.lead')}
        actions={
          audit ? (
            <DownloadCsvButton
              path={`${fillAuditPath(positionId, kind)}?format=csv`}
              fallbackName={`fill-audit-${positionId}-${kind}.csv`}
              testId="fill-audit-download-csv"
            />
          ) : undefined
        }
      />
      <Nav variant="underline" className="ob-tabs mb-3" aria-label={text('fillAudit.title')}>
        {FILL_KINDS.map((k) => (
          <Nav.Item key={k}>
            <Nav.Link as={NavLink} to={`/fill-audit/${positionId}/${k}`} data-testid={`fill-audit-tab-${k}`}>
              {text(`fillAudit.kind.${k}`)}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      {query.isPending && query.fetchStatus !== 'idle' ? (
        <Card className="ob-card">
          <Card.Body>
            <Placeholder animation="glow">
              <Placeholder xs={6} /> <Placeholder xs={8} /> <Placeholder xs={4} />
            </Placeholder>
          </Card.Body>
        </Card>
      ) : !audit ? (
        <Card className="ob-card" data-testid="fill-audit-missing">
          {query.isError && !(isApiError(query.error) && query.error.httpStatus === 404) ? (
            <Card.Body>
              <FormAlert message={{ key: 'error.internal' }} />
            </Card.Body>
          ) : (
            <EmptyState icon="bi-search">{text('fillAudit.notFound')}</EmptyState>
          )}
        </Card>
      ) : (
        <FillAuditBody audit={audit} text={text} />
      )}
    </div>
  );
}

function FillAuditBody({ audit, text }: { audit: FillAudit; text: Text }) {
  const { check } = audit;
  const price = (value: number) => formatPriceOnTick(value, audit.tick);
  // fill − quote, with its sign (+: the fill was higher)
  const difference = `${check.difference > 0 ? '+' : check.difference < 0 ? '−' : ''}${price(Math.abs(check.difference))}`;
  const direction = text(`fillAudit.direction.${audit.direction}`);
  const side = text(`fillAudit.side.${check.side}`);
  const causeKey = `fillAudit.cause.${audit.cause}` as FillAuditKey;
  const used = (value: 'buy' | 'sell') => (check.side === value ? 'ob-fa-used' : undefined);
  return (
    <>
      <Card className="ob-card mb-4">
        <Card.Body>
          <h2 className="h5 mb-3" data-testid="fill-audit-heading">
            {text('fillAudit.heading', { id: audit.positionId, symbol: audit.symbol, direction })} ·{' '}
            {text(`fillAudit.kind.${audit.kind}`)}
          </h2>
          <div
            className={`ob-fa-verdict ${check.pass ? 'ob-fa-pass' : 'ob-fa-fail'}`}
            role="status"
            data-testid="fill-audit-check"
            data-pass={check.pass}
          >
            <i
              className={`bi ${check.pass ? 'bi-patch-check-fill' : 'bi-exclamation-octagon-fill'} ob-fa-icon`}
              aria-hidden="true"
            />
            <div>
              <div className="fw-semibold">
                {check.pass ? text('fillAudit.pass') : text('fillAudit.fail', { difference })}
              </div>
              <div className="small">
                {text(`fillAudit.rule.${audit.kind}.${audit.direction}`, { price: price(check.expected) })}{' '}
                {text('fillAudit.recomputed')}
              </div>
              {!check.quoteMatches && <div className="small mt-1">{text('fillAudit.quoteMismatch')}</div>}
            </div>
          </div>
          <dl className="ob-fa-figures mt-3 mb-0">
            <div>
              <dt>{text('fillAudit.fillPrice')}</dt>
              <dd className="ob-num" data-testid="fill-audit-fill-price">
                {price(audit.fillPrice)}
              </dd>
            </div>
            <div>
              <dt>{text('fillAudit.expected', { side })}</dt>
              <dd className="ob-num" data-testid="fill-audit-expected">
                {price(check.expected)}
              </dd>
            </div>
            <div>
              <dt>{text('fillAudit.difference')}</dt>
              <dd className="ob-num" data-testid="fill-audit-difference">
                {difference}
              </dd>
            </div>
            <div>
              <dt>{text('fillAudit.filledAt')}</dt>
              <dd className="ob-num">{utcText(audit.filledAt)}</dd>
            </div>
            <div>
              <dt>{text('fillAudit.cause')}</dt>
              <dd>{causeKey in FILL_AUDIT_CAUSES ? text(causeKey) : audit.cause}</dd>
            </div>
          </dl>
        </Card.Body>
      </Card>

      <Card className="ob-card mb-4">
        <Card.Header className="ob-card-header">
          <h2 className="h6 mb-0">{text('fillAudit.execution')}</h2>
        </Card.Header>
        <Table responsive className="ob-table mb-0 align-middle" data-testid="fill-audit-execution">
          <thead>
            <tr>
              <th scope="col">{text('fillAudit.col.source')}</th>
              <th scope="col" className="text-end">
                {text('fillAudit.col.sell')}
              </th>
              <th scope="col" className="text-end">
                {text('fillAudit.col.buy')}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr data-testid="fill-audit-feed">
              <td>
                {text('fillAudit.feed')}
                <div className="small text-body-secondary ob-num" data-testid="fill-audit-feed-at">
                  {utcText(audit.feed.at)}
                </div>
              </td>
              <td className="text-end ob-num">{formatPrice(audit.feed.bid)}</td>
              <td className="text-end ob-num">{formatPrice(audit.feed.ask)}</td>
            </tr>
            <tr>
              <td colSpan={3} className="small text-body-secondary" data-testid="fill-audit-markup">
                <i className="bi bi-plus-slash-minus me-1" aria-hidden="true" />
                {text('fillAudit.markup', {
                  markup: markupLabel(audit.markup),
                  tick: audit.tick === null ? '—' : formatPriceOnTick(audit.tick, audit.tick),
                })}
              </td>
            </tr>
            <tr data-testid="fill-audit-brand">
              <td className="fw-semibold">{text('fillAudit.brand')}</td>
              <td className={`text-end ob-num ${used('sell') ?? ''}`}>{price(audit.quote.sell)}</td>
              <td className={`text-end ob-num ${used('buy') ?? ''}`}>{price(audit.quote.buy)}</td>
            </tr>
          </tbody>
        </Table>
      </Card>

      <Card className="ob-card">
        <Card.Header className="ob-card-header">
          <h2 className="h6 mb-0">{text('fillAudit.window')}</h2>
          <div className="small text-body-secondary">
            {utcText(audit.window.from)} – {utcText(audit.window.until)}
          </div>
        </Card.Header>
        {audit.window.state === 'pending' ? (
          <Card.Body className="small" data-testid="fill-audit-window-pending">
            <i className="bi bi-hourglass-split me-1" aria-hidden="true" />
            {text('fillAudit.window.pending', { until: utcText(audit.window.until) })}
          </Card.Body>
        ) : (
          <>
            {audit.window.state === 'partial' && (
              <Card.Body className="small border-bottom" data-testid="fill-audit-window-partial">
                <i className="bi bi-exclamation-triangle me-1" aria-hidden="true" />
                {text('fillAudit.window.partial')}
              </Card.Body>
            )}
            {audit.window.quotes.length === 0 ? (
              <EmptyState icon="bi-activity">{text('fillAudit.window.empty')}</EmptyState>
            ) : (
              <div className="ob-fa-window">
                <Table size="sm" className="ob-table mb-0" data-testid="fill-audit-window">
                  <thead>
                    <tr>
                      <th scope="col">{text('fillAudit.col.time')}</th>
                      <th scope="col" className="text-end">
                        {text('fillAudit.col.sell')}
                      </th>
                      <th scope="col" className="text-end">
                        {text('fillAudit.col.buy')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {audit.window.quotes.map((q) => {
                      const isFill =
                        q.at === audit.feed.at && q.bid === audit.feed.bid && q.ask === audit.feed.ask;
                      return (
                        <tr
                          key={`${q.at}-${q.bid}-${q.ask}`}
                          className={isFill ? 'ob-fa-fill-row' : undefined}
                        >
                          <td className="ob-num">
                            {utcText(q.at)}
                            {isFill && (
                              <span className="badge text-bg-primary ms-2">{text('fillAudit.used')}</span>
                            )}
                          </td>
                          <td className="text-end ob-num">{formatPrice(q.bid)}</td>
                          <td className="text-end ob-num">{formatPrice(q.ask)}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </Table>
              </div>
            )}
          </>
        )}
      </Card>
      <div className="mt-3">
        <Link to={`/platform/${audit.symbol}`} className="small">
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          {text('fillAudit.back')}
        </Link>
      </div>
    </>
  );
}

const FILL_AUDIT_CAUSES: Record<string, true> = Object.fromEntries(
  [
    'client',
    'auto',
    'order',
    'manual',
    'stop_loss',
    'take_profit',
    'loss_termination',
    'stop_out',
    'broker',
    'ai_trade',
  ].map((c) => [`fillAudit.cause.${c}`, true]),
);
