/**
 * The PDF of an account statement (pdfkit, the standard Helvetica fonts): the brand's name, the client's name and
 * account, the period, the opening balance, the entries (the table goes on over as many pages as it needs, its
 * header repeated), the positions of the period, the closing balance and equity, and when it was generated.
 */
import { causeText, type Statement, type StatementEntryKind } from '@openbroker/domain';
import PDFDocument from 'pdfkit';

/** Who a statement is for, as its documents name them. */
export interface StatementHolder {
  brandName: string;
  name: string;
  account: string;
}

const KIND_LABELS: Record<StatementEntryKind, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  withdrawal_reversal: 'Withdrawal refund',
  bonus: 'Bonus',
  credit: 'Credit',
  adjustment: 'Adjustment',
  realised_pnl: 'Trade profit/loss',
  negative_balance_protection: 'Negative balance protection',
  commission: 'Commission',
  swap: 'Swap',
};

const MARGIN = 40;
const ROW = 16;

/**
 * Text the standard fonts can draw (WinAnsi): accents are kept where Latin-1 has them, anything else becomes '?'
 * rather than garbage glyphs.
 */
export function pdfText(value: string): string {
  return value
    .normalize('NFC')
    .replace(/[^\x20-\x7e\xa0-\xff\u20ac\u2013\u2014\u2018\u2019\u201c\u201d\u2022]/g, '?');
}

/** A UTC instant as the statement prints it: YYYY-MM-DD HH:MM. */
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;

/** Thousands separated, two places kept exactly as given: "-1234.50" → "-1,234.50". */
export function amountText(decimal: string): string {
  const [whole = '0', fraction] = decimal.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${digits}${fraction === undefined ? '' : `.${fraction}`}`;
}

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

export function statementPdf(statement: Statement, holder: StatementHolder): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `Account statement ${statement.from} – ${statement.until}`,
      Author: pdfText(holder.brandName),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const currency = statement.currency;
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - ROW;

  // heading
  doc.font('Helvetica-Bold').fontSize(18).text(pdfText(holder.brandName), left, MARGIN);
  doc.font('Helvetica').fontSize(12).text('Account statement');
  doc.moveDown(0.5).fontSize(9);
  const facts: [string, string][] = [
    ['Client', pdfText(holder.name)],
    ['Account', pdfText(holder.account)],
    ['Currency', currency],
    ['Period (UTC)', `${statement.from} to ${statement.until}`],
    ['Generated at (UTC)', when(statement.generatedAt)],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, left, y, { width: 110 });
    doc.font('Helvetica').text(value, left + 110, y, { width: width - 110 });
  }

  doc.moveDown(0.8);
  summaryLine(doc, 'Opening balance', `${currency} ${amountText(statement.openingBalance)}`);

  // entries
  const entryColumns: Column[] = [
    { title: 'Date', width: 80 },
    { title: 'Kind', width: 120 },
    { title: 'Cause', width: 135 },
    { title: 'Amount', width: 90, align: 'right' },
    { title: 'Balance', width: width - 425, align: 'right' },
  ];
  doc.moveDown(0.6);
  sectionTitle(doc, 'Entries');
  table(
    doc,
    entryColumns,
    statement.entries.map((e) => [
      when(e.at),
      KIND_LABELS[e.kind],
      pdfText(
        e.cause.type === 'position'
          ? `#${e.cause.positionId} ${e.cause.symbol ?? ''}${e.cause.day ? ` ${e.cause.day}` : ''}`
          : causeText(e.cause),
      ),
      amountText(e.amount),
      amountText(e.balance),
    ]),
    'No entries in this period.',
    bottom,
  );

  // positions closed in the period
  const closed = statement.positions.filter((p) => p.closedAt !== null);
  const positionColumns: Column[] = [
    { title: 'Position', width: 55 },
    { title: 'Symbol', width: 60 },
    { title: 'Side', width: 30 },
    { title: 'Amount', width: 60, align: 'right' },
    { title: 'Opened', width: 75 },
    { title: 'Open price', width: 60, align: 'right' },
    { title: 'Closed', width: 75 },
    { title: 'Close price', width: 55, align: 'right' },
    { title: 'Profit', width: width - 470, align: 'right' },
  ];
  doc.moveDown(0.8);
  if (doc.y > bottom() - 3 * ROW) doc.addPage();
  sectionTitle(doc, 'Positions closed');
  table(
    doc,
    positionColumns,
    closed.map((p) => [
      `#${p.id}`,
      pdfText(p.symbol),
      p.side,
      amountText(p.amount),
      when(p.openedAt),
      p.openPrice,
      p.closedAt ? when(p.closedAt) : '',
      p.closePrice ?? '',
      p.profit === null ? '' : amountText(p.profit),
    ]),
    'No positions closed in this period.',
    bottom,
  );

  doc.moveDown(0.8);
  if (doc.y > bottom() - 4 * ROW) doc.addPage();
  summaryLine(doc, 'Credits', `${currency} ${amountText(statement.credits)}`);
  summaryLine(doc, 'Debits', `${currency} ${amountText(statement.debits)}`);
  summaryLine(doc, 'Closing balance', `${currency} ${amountText(statement.closingBalance)}`);
  summaryLine(
    doc,
    'Equity',
    statement.equity === null ? 'not known for a past period' : `${currency} ${amountText(statement.equity)}`,
  );

  // page numbers
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i += 1) {
    doc.switchToPage(pages.start + i);
    // the footer sits in the bottom margin: without it a line there would start a page of its own
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(`Page ${i + 1} of ${pages.count}`, left, doc.page.height - MARGIN + 10, {
        width,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins = margins;
  }
  doc.end();
  return done;
}

function sectionTitle(doc: PDFKit.PDFDocument, title: string) {
  doc.font('Helvetica-Bold').fontSize(11).text(title, MARGIN, doc.y);
  doc.moveDown(0.3);
}

function summaryLine(doc: PDFKit.PDFDocument, label: string, value: string) {
  const y = doc.y;
  doc.font('Helvetica-Bold').fontSize(10).text(label, MARGIN, y, { width: 150 });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(value, MARGIN + 150, y);
}

/** A table of single-line rows; a row that would run past the page starts a new page with the header again. */
function table(
  doc: PDFKit.PDFDocument,
  columns: Column[],
  rows: string[][],
  empty: string,
  bottom: () => number,
) {
  const header = () => {
    drawRow(
      doc,
      columns,
      columns.map((c) => c.title),
      'Helvetica-Bold',
    );
    const y = doc.y - 2;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + columns.reduce((sum, c) => sum + c.width, 0), y)
      .lineWidth(0.5)
      .stroke();
  };
  if (doc.y > bottom() - ROW) doc.addPage();
  header();
  if (rows.length === 0) {
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(empty, MARGIN, doc.y + 2);
    return;
  }
  for (const row of rows) {
    if (doc.y > bottom()) {
      doc.addPage();
      header();
    }
    drawRow(doc, columns, row, 'Helvetica');
  }
}

function drawRow(doc: PDFKit.PDFDocument, columns: Column[], cells: string[], font: string) {
  const y = doc.y + 2;
  let x = MARGIN;
  doc.font(font).fontSize(8);
  columns.forEach((column, i) => {
    doc.text(cells[i] ?? '', x + 2, y, {
      width: column.width - 4,
      align: column.align ?? 'left',
      lineBreak: false,
      ellipsis: true,
      height: ROW,
    });
    x += column.width;
  });
  doc.x = MARGIN;
  doc.y = y + ROW - 2;
}
