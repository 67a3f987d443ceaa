/**
 * What an uploaded document really is (architecture §8, decision 0013). The content type comes from
 * the file-type library (magic numbers and structure, not the name); the domain rule then requires
 * an accepted type whose extension the file name carries. Beyond the type, content that could run
 * is refused: HTML or script code inside an image (a polyglot a sniffing browser would execute), and
 * PDFs with JavaScript, actions that launch or import, embedded files or rich media — looked for in
 * every dictionary, including those compressed into object streams (inflated with node:zlib).
 */
import { inflateSync } from 'node:zlib';
import { checkUploadContentType, type Message, type UploadContentType } from '@openbroker/domain';
import { fileTypeFromBuffer } from 'file-type';

/** PDF names that run code, open other programs or carry files (compared after #xx decoding). */
const ACTIVE_PDF_NAMES = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'ImportData',
]);

/**
 * Web page or script code: an HTML tag that runs or embeds content (its name followed by a space,
 * '>' or '/', as a browser parses it, in any case), a doctype, or a javascript: URL. Required that
 * specific so random image data cannot match by chance (a bare 4-byte '<svg' would, about once in
 * 250 photos of 2 MB).
 */
const MARKUP = /<(?:script|html|body|iframe|object|embed|svg)[\s>/]|<!doctype|javascript:/i;

/** Total bytes all inflated streams of one PDF may expand to: a 2 MB file cannot make the server inflate a bomb. */
const INFLATE_BUDGET = 32 * 1024 * 1024;
/** Object streams are not nested in valid PDFs; deeper than this is refused as unreadable. */
const MAX_DEPTH = 3;

export type ContentVerdict = { ok: true; mime: UploadContentType } | { ok: false; message: Message };

/** Latin-1 text of bytes: one character per byte, so the ASCII syntax of PDFs and HTML can be searched. */
const latin1 = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');

/** Whether an image's bytes hold HTML or script code. */
export function containsMarkup(bytes: Uint8Array): boolean {
  return MARKUP.test(latin1(bytes));
}

/** Every PDF name token (`/Name`) of a text, with `#xx` escapes decoded (/J#61vaScript is /JavaScript). */
function* pdfNames(text: string): Generator<string> {
  // a name runs until whitespace or a delimiter (PDF 32000-1 §7.3.5)
  for (const match of text.matchAll(/\/([^\s/[\]<>(){}%]+)/g)) {
    const raw = match[1] ?? '';
    yield raw.includes('#')
      ? raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      : raw;
  }
}

type PdfFinding = 'active' | 'encrypted' | null;

/**
 * Looks for active content in a PDF: in every name outside stream data (dictionaries, the trailer),
 * and inside each object stream (/ObjStm), which holds compressed objects. Other streams (page
 * contents, images, fonts) are skipped: they cannot carry actions, and their binary data would
 * match a short name like /JS by chance.
 */
function scanPdf(bytes: Uint8Array, budget: { left: number }, depth = 0): PdfFinding {
  const text = latin1(bytes);
  let outside = '';
  let cursor = 0;
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(text); match; match = streams.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    // the stream's dictionary: from its object's 'obj' keyword to 'stream'
    const dictionary = text.slice(Math.max(cursor, text.lastIndexOf('obj', match.index)), match.index);
    outside += text.slice(cursor, start);
    cursor = end;
    streams.lastIndex = end + 'endstream'.length;
    if (![...pdfNames(dictionary)].includes('ObjStm')) continue;
    // compressed objects we cannot read (over budget, too deep, not Flate) cannot be checked: refused
    if (depth >= MAX_DEPTH || budget.left <= 0) return 'active';
    let inflated: Buffer;
    try {
      inflated = inflateSync(bytes.subarray(start, end), { maxOutputLength: budget.left });
    } catch {
      return 'active';
    }
    budget.left -= inflated.length;
    const inner = scanPdf(inflated, budget, depth + 1);
    if (inner) return inner;
  }
  outside += text.slice(cursor);
  for (const name of pdfNames(outside)) {
    if (ACTIVE_PDF_NAMES.has(name)) return 'active';
    // encrypted strings and streams cannot be read, so what they hide cannot be checked
    if (name === 'Encrypt' && depth === 0) return 'encrypted';
  }
  return null;
}

/**
 * Judges an upload by its content: the detected type must be accepted and match the name's extension
 * (domain `checkUploadContentType`), an image must hold no markup, a PDF no active content and no
 * encryption. Answers the detected MIME type to store and serve it with.
 */
export async function inspectUpload(name: string, content: Uint8Array): Promise<ContentVerdict> {
  const detected = await fileTypeFromBuffer(content);
  const typeProblem = checkUploadContentType(name, detected?.mime);
  if (typeProblem) return { ok: false, message: typeProblem };
  const mime = detected?.mime as UploadContentType;
  if (mime === 'image/jpeg') {
    if (containsMarkup(content)) return { ok: false, message: { key: 'document.unsafeContent' } };
  } else {
    const finding = scanPdf(content, { left: INFLATE_BUDGET });
    if (finding === 'active') return { ok: false, message: { key: 'document.activeContent' } };
    if (finding === 'encrypted') return { ok: false, message: { key: 'document.encrypted' } };
  }
  return { ok: true, mime };
}

/**
 * Headers for sending a stored document to its owner or staff: the stored (detected) type, always as
 * a download, never sniffed into something a browser would render or run.
 */
export function documentDownloadHeaders(mime: UploadContentType, storedName: string): Record<string, string> {
  return {
    'content-type': mime,
    'content-disposition': `attachment; filename="${storedName.replace(/[^A-Za-z0-9_.-]/g, '')}"`,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  };
}
