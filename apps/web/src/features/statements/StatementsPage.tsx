import {
  isMessageKey,
  type Message,
  type Statement,
  type StatementCause,
  type StatementEntry,
} from '@openbroker/domain';
import { type FormEvent, useMemo, useState } from 'react';
import { Button, ButtonGroup, Card, Col, Form, Placeholder, Row, Table, ToggleButton } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/ApiError.js';
import { useDocumentTitle } from '../../lib/useDocumentTitle.js';
import { useAuth } from '../../shared/session/useAuth.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FormAlert } from '../../ui/forms.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { downloadStatement } from './download.js';
import { addStatementsResources, type StatementsKey } from './i18n.js';
import { defaultCustomRange, monthChoices, type StatementSelection, statementQuery } from './selection.js';
import { useStatement } from './useStatement.js';
import './statements.css';

type Text = (key: StatementsKey, params?: Record<string, string | number>) => string;

/** The message of a refused statement: the server's first field message (a bad range), else its own. */
function refusalOf(error: unknown): Message {
  if (!isApiError(error)) return { key: 'error.internal' };
  const [first] = error.errors;
  if (first && isMessageKey(first.key))
    return { key: first.key, ...(first.params ? { params: first.params } : {}) };
  return error.toMessage({ key: 'error.internal' });
}

/** Formatters in the reader's language: amounts in the statement's currency, instants in UTC. */
function useFormats(currency: string | undefined) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    let money: Intl.NumberFormat | undefined;
    try {
      money = currency
        ? new Intl.NumberFormat(language, { style: 'currency', currency, minimumFractionDigits: 2 })
        : undefined;
    } catch {
      money = undefined;
    }
    const plain = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const dateTime = new Intl.DateTimeFormat(language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    });
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    const month = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return {
      // display only: the figures themselves stay exact decimal text
      amount: (text: string) => (money ?? plain).format(Number(text)),
      at: (iso: string) => dateTime.format(new Date(iso)),
      day: (text: string) => day.format(new Date(`${text}T00:00:00Z`)),
      month: (text: string) => month.format(new Date(`${text}-01T00:00:00Z`)),
    };
  }, [currency, language]);
}

function causeLabel(cause: StatementCause, text: Text): string {
  switch (cause.type) {
    case 'transaction':
      return cause.reference;
    case 'position':
      return text('statements.cause.position', { id: cause.positionId, symbol: cause.symbol ?? '' }).trim();
    case 'staff':
      return text('statements.cause.staff');
    case 'opening':
      return text('statements.cause.opening');
    case 'none':
      return '—';
  }
}

/**
 * The client's account statements: a month of the last twelve or a custom range, previewed (opening and closing
 * balance, every entry with its cause and running balance, the positions closed) and downloaded as PDF or CSV.
 */
export function StatementsPage() {
  const { t: translate, i18n } = useTranslation();
  addStatementsResources(i18n);
  const text = translate as unknown as Text;
  useDocumentTitle(text('statements.title'));
  const token = useAuth()?.access_token ?? '';
  const now = useMemo(() => new Date(), []);
  const months = useMemo(() => monthChoices(now), [now]);
  const [mode, setMode] = useState<'month' | 'custom'>('month');
  const [month, setMonth] = useState(months[0] as string);
  const [custom, setCustom] = useState(() => defaultCustomRange(now));
  const [applied, setApplied] = useState<StatementSelection>({ mode: 'month', month: months[0] as string });
  const query = statementQuery(applied);
  const statement = useStatement(query);
  const formats = useFormats(statement.data?.currency);
  const [downloading, setDownloading] = useState<'pdf' | 'csv' | null>(null);
  const [downloadError, setDownloadError] = useState<Message | null>(null);

  const pickMonth = (value: string) => {
    setMonth(value);
    setApplied({ mode: 'month', month: value });
  };
  const submitCustom = (event: FormEvent) => {
    event.preventDefault();
    setApplied({ mode: 'custom', ...custom });
  };
  const switchMode = (next: 'month' | 'custom') => {
    setMode(next);
    if (next === 'month') setApplied({ mode: 'month', month });
  };
  const download = async (format: 'pdf' | 'csv') => {
    setDownloading(format);
    setDownloadError(null);
    try {
      await downloadStatement(token, query, format);
    } catch (error) {
      setDownloadError(
        isApiError(error) && error.errors.length > 0 ? refusalOf(error) : { key: 'error.internal' },
      );
    } finally {
      setDownloading(null);
    }
  };

  const data = statement.data;
  return (
    <div className="container-xl ob-section" data-testid="statements-screen">
      <PageHeader title={text('statements.title')} lead={text('statements.lead')} />
      <Card className="ob-card mb-4">
        <Card.Body>
          <fieldset>
            <legend className="ob-stmt-legend">{text('statements.period')}</legend>
            <ButtonGroup className="mb-3 ob-stmt-modes">
              {(['month', 'custom'] as const).map((value) => (
                <ToggleButton
                  key={value}
                  id={`statements-mode-${value}`}
                  type="radio"
                  name="statements-mode"
                  variant="outline-primary"
                  size="sm"
                  value={value}
                  checked={mode === value}
                  onChange={() => switchMode(value)}
                  data-testid={`statements-mode-${value}`}
                >
                  {text(`statements.mode.${value}`)}
                </ToggleButton>
              ))}
            </ButtonGroup>
            {mode === 'month' ? (
              <Form.Group controlId="statements-month" className="ob-stmt-month">
                <Form.Label>{text('statements.month')}</Form.Label>
                <Form.Select
                  value={month}
                  onChange={(event) => pickMonth(event.target.value)}
                  data-testid="statements-month"
                >
                  {months.map((value) => (
                    <option key={value} value={value}>
                      {formats.month(value)}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            ) : (
              <Form onSubmit={submitCustom} noValidate data-testid="statements-custom">
                <Row className="g-2 align-items-end">
                  <Col xs={6} md={4}>
                    <Form.Group controlId="statements-from">
                      <Form.Label>{text('statements.from')}</Form.Label>
                      <Form.Control
                        type="date"
                        value={custom.from}
                        onChange={(event) => setCustom({ ...custom, from: event.target.value })}
                        data-testid="statements-from"
                      />
                    </Form.Group>
                  </Col>
                  <Col xs={6} md={4}>
                    <Form.Group controlId="statements-until">
                      <Form.Label>{text('statements.until')}</Form.Label>
                      <Form.Control
                        type="date"
                        value={custom.until}
                        onChange={(event) => setCustom({ ...custom, until: event.target.value })}
                        data-testid="statements-until"
                      />
                    </Form.Group>
                  </Col>
                  <Col xs={12} md={4}>
                    <Button type="submit" className="w-100" data-testid="statements-show">
                      {text('statements.show')}
                    </Button>
                  </Col>
                </Row>
              </Form>
            )}
          </fieldset>
          <div className="d-flex flex-wrap gap-2 mt-3 ob-stmt-downloads">
            {(['pdf', 'csv'] as const).map((format) => (
              <Button
                key={format}
                variant={format === 'pdf' ? 'primary' : 'outline-secondary'}
                disabled={downloading !== null || !data}
                onClick={() => void download(format)}
                data-testid={`statements-download-${format}`}
              >
                <i
                  className={`bi ${format === 'pdf' ? 'bi-file-earmark-pdf' : 'bi-filetype-csv'} me-1`}
                  aria-hidden="true"
                />
                {downloading === format
                  ? text('statements.downloading')
                  : text(`statements.download.${format}`)}
              </Button>
            ))}
          </div>
          {downloadError && (
            <div className="mt-3" data-testid="statements-download-error">
              <FormAlert message={downloadError} />
            </div>
          )}
        </Card.Body>
      </Card>

      {statement.isError ? (
        <div data-testid="statements-error">
          <FormAlert message={refusalOf(statement.error)} />
        </div>
      ) : (
        <StatementPreview statement={data} formats={formats} text={text} />
      )}
    </div>
  );
}

function StatementPreview({
  statement,
  formats,
  text,
}: {
  statement: Statement | undefined;
  formats: ReturnType<typeof useFormats>;
  text: Text;
}) {
  const figure = (label: StatementsKey, value: string | null | undefined, testId: string) => (
    <Col xs={6} lg={3}>
      <div className="ob-stmt-figure" data-testid={testId}>
        <div className="ob-stmt-figure-label">{text(label)}</div>
        <div className="ob-stmt-figure-value ob-num">
          {statement === undefined ? (
            <Placeholder animation="glow">
              <Placeholder xs={8} />
            </Placeholder>
          ) : value === null || value === undefined ? (
            <span className="ob-stmt-unknown">{text('statements.equityUnknown')}</span>
          ) : (
            formats.amount(value)
          )}
        </div>
      </div>
    </Col>
  );
  const closed = statement?.positions.filter((p) => p.closedAt !== null) ?? [];
  const entryColumns = [
    text('statements.col.date'),
    text('statements.col.kind'),
    text('statements.col.cause'),
    text('statements.col.amount'),
    text('statements.col.balance'),
  ];
  return (
    <div data-testid="statements-preview" aria-busy={statement === undefined}>
      {statement && (
        <p className="text-body-secondary" data-testid="statements-period">
          {text('statements.periodText', {
            from: formats.day(statement.from),
            until: formats.day(statement.until),
          })}
        </p>
      )}
      <Row className="g-2 mb-4">
        {figure('statements.opening', statement?.openingBalance, 'statements-opening')}
        {figure('statements.closing', statement?.closingBalance, 'statements-closing')}
        {figure('statements.credits', statement?.credits, 'statements-credits')}
        {figure('statements.equity', statement?.equity, 'statements-equity')}
      </Row>

      <Card className="ob-card mb-4">
        <Card.Header className="ob-card-header">
          <h2 className="h6 mb-0">{text('statements.entries')}</h2>
        </Card.Header>
        <div className="ob-table-wrap">
          <Table responsive className="ob-table ob-stmt-table mb-0 align-middle">
            <caption className="visually-hidden">{text('statements.entries')}</caption>
            <thead>
              <tr>
                {entryColumns.map((header, i) => (
                  <th key={header} scope="col" className={i >= 3 ? 'text-end' : undefined}>
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {statement?.entries.map((entry: StatementEntry) => (
                <tr key={entry.id} data-testid="statement-entry" data-kind={entry.kind}>
                  <td data-label={entryColumns[0]} className="text-nowrap">
                    <time dateTime={entry.at}>{formats.at(entry.at)}</time>
                  </td>
                  <td data-label={entryColumns[1]}>{text(`statements.kind.${entry.kind}`)}</td>
                  <td data-label={entryColumns[2]}>
                    <span className="ob-stmt-cause">{causeLabel(entry.cause, text)}</span>
                  </td>
                  <td
                    data-label={entryColumns[3]}
                    className={`text-end ob-num ${entry.amount.startsWith('-') ? 'ob-stmt-out' : ''}`}
                  >
                    {formats.amount(entry.amount)}
                  </td>
                  <td data-label={entryColumns[4]} className="text-end ob-num fw-semibold">
                    {formats.amount(entry.balance)}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          {statement && statement.entries.length === 0 && (
            <EmptyState icon="bi-journal-text">{text('statements.noEntries')}</EmptyState>
          )}
        </div>
      </Card>

      <Card className="ob-card">
        <Card.Header className="ob-card-header">
          <h2 className="h6 mb-0">{text('statements.positions')}</h2>
        </Card.Header>
        <div className="ob-table-wrap">
          <Table responsive className="ob-table ob-stmt-table mb-0 align-middle">
            <caption className="visually-hidden">{text('statements.positions')}</caption>
            <thead>
              <tr>
                <th scope="col">{text('statements.col.position')}</th>
                <th scope="col">{text('statements.col.side')}</th>
                <th scope="col">{text('statements.col.opened')}</th>
                <th scope="col">{text('statements.col.closed')}</th>
                <th scope="col" className="text-end">
                  {text('statements.col.profit')}
                </th>
              </tr>
            </thead>
            <tbody>
              {closed.map((position) => (
                <tr key={position.id} data-testid="statement-position">
                  <td data-label={text('statements.col.position')}>
                    #{position.id} <strong>{position.symbol}</strong>
                  </td>
                  <td data-label={text('statements.col.side')}>{text(`statements.side.${position.side}`)}</td>
                  <td data-label={text('statements.col.opened')} className="text-nowrap">
                    {formats.at(position.openedAt)} · <span className="ob-num">{position.openPrice}</span>
                  </td>
                  <td data-label={text('statements.col.closed')} className="text-nowrap">
                    {position.closedAt ? formats.at(position.closedAt) : '—'} ·{' '}
                    <span className="ob-num">{position.closePrice ?? '—'}</span>
                  </td>
                  <td
                    data-label={text('statements.col.profit')}
                    className={`text-end ob-num ${position.profit?.startsWith('-') ? 'ob-stmt-out' : ''}`}
                  >
                    {position.profit === null ? '—' : formats.amount(position.profit)}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          {statement && closed.length === 0 && (
            <EmptyState icon="bi-graph-up">{text('statements.noPositions')}</EmptyState>
          )}
        </div>
      </Card>
    </div>
  );
}
