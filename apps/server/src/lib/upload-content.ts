/**
 * What an uploaded document really is (architecture §8, decision 0013). The content type comes from
 * the file-type library (magic numbers and structure, not the name); the domain rule then requires
 * an accepted type whose extension the file name carries. Beyond the type, content that could run
 * is refused: HTML or script code inside an image (a polyglot a sniffing browser would execute), and
 * PDFs with scripts, actions that launch, import, submit or open other files, embedded files, rich
 * media or XFA forms, or whose streams cannot be read to check them (`pdf-scan.ts`).
 */
import { checkUploadContentType, type Message, type UploadContentType } from '@openbroker/domain';
import { fileTypeFromBuffer } from 'file-type';
import { latin1, scanPdf } from './pdf-scan.js';

/**
 * Web page or script code: an HTML tag that runs or embeds content (its name followed by a space,
 * '>' or '/', as a browser parses it, in any case), a doctype, or a javascript: URL. Required that
 * specific so random image data cannot match by chance (a bare 4-byte '<svg' would, about once in
 * 250 photos of 2 MB).
 */
const MARKUP = /<(?:script|html|body|iframe|object|embed|svg)[\s>/]|<!doctype|javascript:/i;

export type ContentVerdict = { ok: true; mime: UploadContentType } | { ok: false; message: Message };

/** Whether an image's bytes hold HTML or script code. */
export function containsMarkup(bytes: Uint8Array): boolean {
  return MARKUP.test(latin1(bytes));
}

/**
 * Judges an upload by its content: the detected type must be accepted and match the name's extension
 * (domain `checkUploadContentType`), an image must hold no markup, a PDF no active content, no
 * encryption and nothing it cannot read. Answers the detected MIME type to store and serve it with.
 */
export async function inspectUpload(name: string, content: Uint8Array): Promise<ContentVerdict> {
  const detected = await fileTypeFromBuffer(content);
  const typeProblem = checkUploadContentType(name, detected?.mime);
  if (typeProblem) return { ok: false, message: typeProblem };
  const mime = detected?.mime as UploadContentType;
  if (mime === 'image/jpeg') {
    if (containsMarkup(content)) return { ok: false, message: { key: 'document.unsafeContent' } };
  } else {
    const finding = scanPdf(content);
    if (finding === 'active') return { ok: false, message: { key: 'document.activeContent' } };
    if (finding === 'encrypted') return { ok: false, message: { key: 'document.encrypted' } };
    if (finding === 'uncheckable') return { ok: false, message: { key: 'document.uncheckable' } };
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
