/**
 * Looks for content that could run in an uploaded PDF (decision 0013) without trusting the file's
 * layout. A file can be built so that a checker reads it one way and a viewer another: a 'stream'
 * keyword inside a string, an object placed where the checker believes stream data lies, compressed
 * objects scrambled by a predictor. So nothing is skipped: every byte of the file is searched for the
 * dangerous names, every Flate stream is inflated (and un-predicted) and searched too, and a stream
 * whose content cannot be read that way is refused as unchecked instead of being passed over.
 */
import { constants, inflateRawSync } from 'node:zlib';

/** What the scan found: a name that runs or carries something, encryption, a stream it cannot read, or nothing. */
export type PdfFinding = 'active' | 'encrypted' | 'uncheckable' | null;

/**
 * Names that run code, open or send to other files and sites, or carry files, refused wherever they
 * appear (after #xx decoding). Five letters and more: random image data does not spell them (less
 * than once in 10^15 bytes), so every byte can be searched. A /JS entry only runs as part of a JavaScript
 * or a Rendition action, so those two names stand for it; /AA (additional actions) and /OpenAction
 * only trigger actions, which are judged by their type; /URI links are fine.
 */
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'Rendition',
  'Launch',
  'ImportData',
  'SubmitForm',
  'GoToR',
  'GoToE',
  'EmbeddedFile',
  'EmbeddedFiles',
  'FileAttachment',
  'RichMedia',
  'OnInstantiate', // the script of 3D artwork
]);

/**
 * Short keys refused when followed by the value they take (checked by `startsValue`): /EF alone
 * would turn up in about one 2 MB image of a hundred, a key with its value's first bytes practically
 * never. /XFA holds an XML form with its own scripts, /EF the embedded files of a file specification.
 */
const ACTIVE_KEYS = new Map<string, 'array' | 'dictionary'>([
  ['XFA', 'array'],
  ['EF', 'dictionary'],
]);

/** Total bytes all inflated streams of one PDF may expand to: a 2 MB file cannot make the server inflate a bomb. */
const INFLATE_BUDGET = 32 * 1024 * 1024;
/** Characters the dictionary reader may step through for one file: refuses files built to make that quadratic. */
const PARSE_BUDGET = 64 * 1024 * 1024;
/** How far before 'stream' its dictionary may start; a longer stream dictionary is refused as unreadable. */
const DICTIONARY_WINDOW = 64 * 1024;
/** Streams inside decoded streams (object streams) are looked at this deep; deeper is refused as unreadable. */
const MAX_DEPTH = 3;

const FLATE = new Set(['FlateDecode', 'Fl']);
/** Image codecs: their data is a picture, not objects, and is not decoded. */
const IMAGE_CODECS = new Set(['DCTDecode', 'DCT', 'JPXDecode', 'JBIG2Decode', 'CCITTFaxDecode', 'CCF']);

/** Thrown when the content cannot be checked; caught once in `scanPdf`. */
class Uncheckable extends Error {}

// PDF 32000-1 §7.2.2: white-space characters (NUL included) and delimiters
const isWhite = (c: number) =>
  c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const DELIMITERS = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)));
const isRegular = (c: number) => !Number.isNaN(c) && !isWhite(c) && !DELIMITERS.has(c);
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHexDigit = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/** Latin-1 text of bytes: one character per byte, so the ASCII syntax of PDFs can be searched. */
export const latin1 = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');

/** Decodes a name's #xx escapes (/J#61vaScript is /JavaScript). */
const decodeName = (raw: string) =>
  raw.includes('#')
    ? raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : raw;

/**
 * The Latin-1 text of a PDF or of decoded stream data, with the steps reading it may still take: every
 * walk through it is charged, so a file built to make the check quadratic is refused, not waited for.
 */
class PdfText {
  readonly text: string;
  /** Where white space ends after each '%' already walked: a line of many comments is walked once. */
  private readonly afterComment = new Map<number, number>();

  constructor(
    readonly bytes: Uint8Array,
    readonly work: { left: number },
  ) {
    this.text = latin1(bytes);
  }

  charge(steps: number): void {
    this.work.left -= steps;
    if (this.work.left < 0) throw new Uncheckable('too much to read');
  }

  /** Position after white space and comments from `pos`. */
  skipSpace(pos: number): number {
    const { text } = this;
    let at = pos;
    let walked = 0;
    const comments: number[] = [];
    for (;;) {
      const c = text.charCodeAt(at);
      if (isWhite(c)) at++;
      else if (c === 0x25 /* % */) {
        const known = this.afterComment.get(at);
        if (known !== undefined) {
          at = known;
          break;
        }
        // a comment runs to the end of its line; a '%' inside it ends where it ends
        const from = at;
        for (; at < text.length && text[at] !== '\n' && text[at] !== '\r'; at++) {
          if (text.charCodeAt(at) === 0x25) comments.push(at);
        }
        walked += at - from;
      } else break;
      walked++;
    }
    for (const comment of comments) this.afterComment.set(comment, at);
    this.charge(walked);
    return at;
  }

  /** The position after an indirect reference (`12 0 R`) starting at `pos`, or -1. */
  referenceEnd(pos: number): number {
    const { text } = this;
    let at = pos;
    for (let part = 0; part < 2; part++) {
      const from = at;
      while (at < from + 10 && isDigit(text.charCodeAt(at))) at++;
      if (at === from || isDigit(text.charCodeAt(at))) return -1;
      at = this.skipSpace(at);
    }
    return text[at] === 'R' && !isRegular(text.charCodeAt(at + 1)) ? at + 1 : -1;
  }

  /** Whether the value after a key at `pos` is an array or dictionary (as `kind` says) or an indirect reference. */
  startsValue(pos: number, kind: 'array' | 'dictionary'): boolean {
    const at = this.skipSpace(pos);
    if (kind === 'array' ? this.text[at] === '[' : this.text.startsWith('<<', at)) return true;
    return this.referenceEnd(at) >= 0;
  }

  /**
   * Searches every name, wherever it stands (in dictionaries, strings, comments, stream data):
   * 'active' for a dangerous one, 'encrypted' when /Encrypt is named.
   */
  scanNames(): 'active' | 'encrypted' | null {
    let encrypted = false;
    // a name runs until white space or a delimiter (PDF 32000-1 §7.3.5)
    for (const match of this.text.matchAll(/\/([^\0\t\n\f\r /[\]<>(){}%]*)/g)) {
      const name = decodeName(match[1] ?? '');
      if (ACTIVE_NAMES.has(name)) return 'active';
      const key = ACTIVE_KEYS.get(name);
      if (key && this.startsValue(match.index + match[0].length, key)) return 'active';
      if (name === 'Encrypt') encrypted = true;
    }
    return encrypted ? 'encrypted' : null;
  }

  /** Position before the white space that ends right before `from`. */
  private skipBackSpace(from: number): number {
    let at = from;
    while (at > 0 && isWhite(this.text.charCodeAt(at - 1))) at--;
    this.charge(from - at + 1);
    return at;
  }

  /**
   * The positions of the '>>' that may close the dictionary of the 'stream' keyword at `keyword`:
   * the one right before it, or one before a comment between them. A comment runs to the end of its
   * line, so it can only stand there if a line ends in between; any '%' on that line may start it (an
   * earlier one may sit in a string), and a line that is all comment may follow another.
   */
  closingsBefore(keyword: number): number[] {
    const { text } = this;
    const closings: number[] = [];
    for (let from = keyword, lines = 0; ; lines++) {
      const at = this.skipBackSpace(from);
      if (text.startsWith('>>', at - 2)) return [...closings, at - 2];
      if (!/[\r\n]/.test(text.slice(at, from))) return closings;
      if (lines >= 64) throw new Uncheckable('comments before stream');
      let lineStart = at;
      while (lineStart > 0 && text[lineStart - 1] !== '\n' && text[lineStart - 1] !== '\r') lineStart--;
      this.charge(at - lineStart);
      let commentLine = -1;
      for (let percent = lineStart; percent < at; percent++) {
        if (text[percent] !== '%') continue;
        const before = this.skipBackSpace(percent);
        if (text.startsWith('>>', before - 2)) closings.push(before - 2);
        else if (before < lineStart || before === 0) commentLine = percent;
      }
      if (commentLine < 0) return closings;
      from = commentLine;
    }
  }
}

type PdfValue =
  | { kind: 'dictionary'; entries: Array<[string, PdfValue]> }
  | { kind: 'array'; items: PdfValue[] }
  | { kind: 'name'; name: string }
  | { kind: 'number'; value: number }
  | { kind: 'null' }
  | { kind: 'other' };
type Dictionary = Extract<PdfValue, { kind: 'dictionary' }>;

/**
 * A strict reader of one PDF object (dictionaries, arrays, names, numbers, strings, references).
 * It answers null for anything else, so stream data that happens to hold '<<' is rejected quickly;
 * the readers a viewer uses are more lenient, which is why a stream whose dictionary this one cannot
 * read is refused rather than skipped.
 */
class ObjectReader {
  private pos = 0;
  private limit = 0;

  private readonly text: string;

  constructor(private readonly source: PdfText) {
    this.text = source.text;
  }

  /** The dictionary starting at `start` and the position after its '>>', or null. */
  dictionaryAt(start: number): { dictionary: Dictionary; end: number } | null {
    this.pos = start;
    this.limit = Math.min(this.text.length, start + DICTIONARY_WINDOW + 2);
    const value = this.value(0);
    return value?.kind === 'dictionary' ? { dictionary: value, end: this.pos } : null;
  }

  private value(depth: number): PdfValue | null {
    const { text } = this;
    this.pos = this.source.skipSpace(this.pos);
    this.source.charge(1);
    if (this.pos >= this.limit || depth > 32) return null;
    const c = text[this.pos];
    if (c === '<' && text[this.pos + 1] === '<') return this.dictionary(depth);
    if (c === '<') return this.hexString();
    if (c === '(') return this.literalString();
    if (c === '[') return this.array(depth);
    if (c === '/') {
      const end = this.regularEnd(this.pos + 1);
      const name = decodeName(text.slice(this.pos + 1, end));
      this.pos = end;
      return { kind: 'name', name };
    }
    const end = this.regularEnd(this.pos);
    const word = text.slice(this.pos, end);
    if (/^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(word)) {
      const reference = this.source.referenceEnd(this.pos);
      this.pos = reference >= 0 ? reference : end;
      return reference >= 0 ? { kind: 'other' } : { kind: 'number', value: Number(word) };
    }
    this.pos = end;
    if (word === 'null') return { kind: 'null' };
    return word === 'true' || word === 'false' ? { kind: 'other' } : null;
  }

  private dictionary(depth: number): Dictionary | null {
    this.pos += 2;
    const entries: Array<[string, PdfValue]> = [];
    for (;;) {
      this.pos = this.source.skipSpace(this.pos);
      if (this.text.startsWith('>>', this.pos)) {
        this.pos += 2;
        return { kind: 'dictionary', entries };
      }
      const key = this.value(depth + 1);
      if (key?.kind !== 'name') return null;
      const value = this.value(depth + 1);
      if (!value) return null;
      entries.push([key.name, value]);
    }
  }

  private array(depth: number): PdfValue | null {
    this.pos += 1;
    const items: PdfValue[] = [];
    for (;;) {
      this.pos = this.source.skipSpace(this.pos);
      if (this.text[this.pos] === ']') {
        this.pos += 1;
        return { kind: 'array', items };
      }
      const item = this.value(depth + 1);
      if (!item) return null;
      items.push(item);
    }
  }

  private literalString(): PdfValue | null {
    const start = this.pos;
    let nesting = 0;
    let at = start;
    for (; at < this.limit; at++) {
      const c = this.text[at];
      if (c === '\\') at++;
      else if (c === '(') nesting++;
      else if (c === ')' && --nesting === 0) break;
    }
    this.source.charge(at - start);
    this.pos = Math.min(at + 1, this.limit);
    return at < this.limit ? { kind: 'other' } : null;
  }

  private hexString(): PdfValue | null {
    let at = this.pos + 1;
    while (at < this.limit && (isWhite(this.text.charCodeAt(at)) || isHexDigit(this.text.charCodeAt(at))))
      at++;
    this.source.charge(at - this.pos);
    const closed = this.text[at] === '>' && at < this.limit;
    this.pos = closed ? at + 1 : at;
    return closed ? { kind: 'other' } : null;
  }

  private regularEnd(from: number): number {
    let at = from;
    while (at < this.limit && isRegular(this.text.charCodeAt(at))) at++;
    this.source.charge(at - from);
    return at;
  }
}

const entriesOf = (dictionary: Dictionary, key: string) =>
  dictionary.entries.filter(([name]) => name === key).map(([, value]) => value);

/** The filter names of a stream (none for no or a null /Filter), or undefined when they cannot be told. */
function filtersOf(dictionary: Dictionary): string[] | undefined {
  const values = entriesOf(dictionary, 'Filter');
  if (values.length > 1) return undefined;
  const value = values[0];
  if (!value || value.kind === 'null') return [];
  if (value.kind === 'name') return [value.name];
  if (value.kind !== 'array') return undefined;
  const names = value.items.map((item) => (item.kind === 'name' ? item.name : undefined));
  return names.every((name) => name !== undefined) ? (names as string[]) : undefined;
}

/**
 * Undoes a PNG or TIFF predictor (PDF 32000-1 §7.4.4.4) on inflated data, as a viewer does before
 * reading it; answers null for parameters it cannot apply.
 */
function unpredict(data: Buffer, parameters: Dictionary | undefined): Buffer | null {
  const number = (key: string, fallback: number) => {
    const values = parameters ? entriesOf(parameters, key) : [];
    if (values.length === 0) return fallback;
    const value = values[0];
    return values.length === 1 && value?.kind === 'number' && Number.isInteger(value.value)
      ? value.value
      : NaN;
  };
  const predictor = number('Predictor', 1);
  if (predictor === 1) return data;
  const colors = number('Colors', 1);
  const bits = number('BitsPerComponent', 8);
  const columns = number('Columns', 1);
  if (
    !(colors >= 1 && colors <= 32 && [1, 2, 4, 8, 16].includes(bits) && columns >= 1 && columns <= 1 << 20)
  ) {
    return null;
  }
  const rowLength = Math.ceil((colors * bits * columns) / 8);
  const pixelLength = Math.max(1, Math.ceil((colors * bits) / 8));
  if (predictor === 2) {
    if (bits !== 8) return null;
    const out = Buffer.from(data);
    for (let row = 0; row < out.length; row += rowLength) {
      for (let i = row + colors; i < Math.min(row + rowLength, out.length); i++) {
        out[i] = ((out[i] ?? 0) + (out[i - colors] ?? 0)) & 0xff;
      }
    }
    return out;
  }
  if (predictor < 10 || predictor > 15) return null;
  const rows = Math.ceil(data.length / (rowLength + 1));
  const out = Buffer.alloc(rows * rowLength);
  for (let row = 0; row < rows; row++) {
    const source = row * (rowLength + 1);
    const target = row * rowLength;
    const type = data[source];
    for (let i = 0; i < rowLength && source + 1 + i < data.length; i++) {
      const raw = data[source + 1 + i] ?? 0;
      const left = i >= pixelLength ? (out[target + i - pixelLength] ?? 0) : 0;
      const up = row > 0 ? (out[target - rowLength + i] ?? 0) : 0;
      const upLeft = row > 0 && i >= pixelLength ? (out[target - rowLength + i - pixelLength] ?? 0) : 0;
      let predicted: number;
      if (type === 0) predicted = 0;
      else if (type === 1) predicted = left;
      else if (type === 2) predicted = up;
      else if (type === 3) predicted = (left + up) >> 1;
      else if (type === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      } else return null;
      out[target + i] = (raw + predicted) & 0xff;
    }
  }
  return out;
}

/**
 * Where a stream's data may start after the 'stream' keyword ending at `keywordEnd`: after the end
 * of its line (pdf.js skips whatever stands before it), or, for lenient readers, right after it.
 */
function dataStarts(source: PdfText, keywordEnd: number): number[] {
  const { text } = source;
  let lineEnd = keywordEnd;
  while (lineEnd < text.length && text[lineEnd] !== '\n' && text[lineEnd] !== '\r') lineEnd++;
  source.charge(lineEnd - keywordEnd);
  lineEnd += text.startsWith('\r\n', lineEnd) ? 2 : 1;
  let afterSpaces = keywordEnd;
  while (text[afterSpaces] === ' ' || text[afterSpaces] === '\t') afterSpaces++;
  return [...new Set([Math.min(lineEnd, text.length), keywordEnd, afterSpaces])];
}

/** A zlib header (RFC 1950) without a preset dictionary at `at`: what a viewer's Flate decoder requires there. */
function zlibHeaderAt(bytes: Uint8Array, at: number): boolean {
  const cmf = bytes[at];
  const flg = bytes[at + 1];
  if (cmf === undefined || flg === undefined) return false;
  return (cmf & 0x0f) === 8 && cmf >> 4 <= 7 && (cmf * 256 + flg) % 31 === 0 && (flg & 0x20) === 0;
}

/** How much more may be inflated, shared by all streams of one file. */
interface InflateBudget {
  left: number;
}

/**
 * Checks every stream in a text (the file, or decoded data that may hold objects): finds each
 * 'stream' keyword that follows a dictionary — wherever it is, strings and other streams' data
 * included — reads every dictionary that may precede it, and decodes what it can.
 */
function scanStreams(source: PdfText, inflate: InflateBudget, depth: number): 'active' | null {
  const { text } = source;
  const reader = new ObjectReader(source);
  const opens: number[] = [];
  for (let at = text.indexOf('<<'); at >= 0; at = text.indexOf('<<', at + 1)) opens.push(at);
  // dictionaries by the position after their '>>'; each '<<' within reach of a keyword is read once
  const byEnd = new Map<number, Dictionary[]>();
  let next = 0;

  for (const match of text.matchAll(/stream/g)) {
    const keyword = match.index;
    // the keyword as a token: not part of 'endstream' or another word
    if (isRegular(text.charCodeAt(keyword - 1)) || isRegular(text.charCodeAt(keyword + 6))) continue;
    for (const closing of source.closingsBefore(keyword)) {
      if (depth >= MAX_DEPTH) throw new Uncheckable('streams nested too deep');
      // every '<<' whose dictionary ends at this '>>': one inside a string of another reads differently
      next = Math.max(next, lowerBound(opens, closing - DICTIONARY_WINDOW));
      for (; next < opens.length && (opens[next] as number) < keyword; next++) {
        const found = reader.dictionaryAt(opens[next] as number);
        if (found) byEnd.set(found.end, [...(byEnd.get(found.end) ?? []), found.dictionary]);
      }
      const dictionaries = byEnd.get(closing + 2) ?? [];
      if (dictionaries.length === 0) throw new Uncheckable('stream dictionary not readable');
      for (const dictionary of dictionaries) {
        if (checkStream(source, keyword + 6, dictionary, inflate, depth) === 'active') return 'active';
      }
    }
  }
  return null;
}

/** Index of the first element of sorted `values` that is at least `min`. */
function lowerBound(values: number[], min: number): number {
  let [low, high] = [0, values.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((values[middle] as number) < min) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Judges one stream by its dictionary: data without a filter was searched with the text it stands
 * in; Flate data is inflated, un-predicted and searched (streams inside included); image codecs are
 * pictures and pass, unless the stream says it holds objects. Anything else cannot be read, so the
 * file is refused.
 */
function checkStream(
  source: PdfText,
  keywordEnd: number,
  dictionary: Dictionary,
  inflate: InflateBudget,
  depth: number,
): 'active' | null {
  // data kept in another file (/F) is out of reach
  if (['F', 'FFilter', 'FDecodeParms'].some((key) => entriesOf(dictionary, key).length > 0)) {
    throw new Uncheckable('external stream data');
  }
  // pdf.js and MuPDF read objects from a stream with /First or /N whatever its /Type; /N alone is
  // also an ICC profile's, so only /Type /ObjStm, /First and /Extends mark one
  const objectStream =
    entriesOf(dictionary, 'Type').some((value) => value.kind === 'name' && value.name === 'ObjStm') ||
    entriesOf(dictionary, 'First').length > 0 ||
    entriesOf(dictionary, 'Extends').length > 0;
  const filters = filtersOf(dictionary);
  if (!filters) throw new Uncheckable('unreadable filter');
  const [first, ...rest] = filters;
  if (first === undefined) return null;
  if (IMAGE_CODECS.has(first) && !objectStream) return null;
  if (!FLATE.has(first) || rest.some((filter) => !IMAGE_CODECS.has(filter))) {
    throw new Uncheckable(`filter ${filters.join(' ')}`);
  }
  const parameterValues = [...entriesOf(dictionary, 'DecodeParms'), ...entriesOf(dictionary, 'DP')];
  // compressed objects are written with plain Flate; parameters or more filters only serve to hide them
  if (objectStream && (rest.length > 0 || parameterValues.some((value) => value.kind !== 'null'))) {
    throw new Uncheckable('object stream with decode parameters');
  }
  if (parameterValues.length > 1) throw new Uncheckable('decode parameters given twice');
  const parameterValue = parameterValues[0];
  const parameters = parameterValue?.kind === 'array' ? parameterValue.items[0] : parameterValue;
  if (parameters && parameters.kind !== 'dictionary' && parameters.kind !== 'null') {
    throw new Uncheckable('unreadable decode parameters');
  }

  const { bytes, text } = source;
  const candidates = dataStarts(source, keywordEnd);
  const starts = candidates.filter((start) => zlibHeaderAt(bytes, start));
  if (starts.length === 0) {
    // nothing a Flate decoder would start on: fine when the stream is empty
    const end = source.skipSpace(candidates[0] ?? keywordEnd);
    if (text.startsWith('endstream', end) || end >= text.length) return null;
    throw new Uncheckable('not Flate data');
  }
  for (const start of starts) {
    if (inflate.left <= 0) throw new Uncheckable('inflate budget spent');
    let inflated: Buffer;
    try {
      // after the header, to the end of the buffer: deflate data ends itself, whatever /Length or
      // 'endstream' claim; raw, so a wrong checksum is tolerated as viewers tolerate it
      inflated = inflateRawSync(bytes.subarray(start + 2), {
        maxOutputLength: inflate.left,
        finishFlush: constants.Z_SYNC_FLUSH,
      });
    } catch (error) {
      const code = (error as { code?: string }).code;
      throw new Uncheckable(
        code === 'ERR_BUFFER_TOO_LARGE' ? 'inflate budget spent' : 'Flate data not readable',
      );
    }
    inflate.left -= inflated.length;
    const decoded = unpredict(inflated, parameters?.kind === 'dictionary' ? parameters : undefined);
    if (!decoded) throw new Uncheckable('predictor not readable');
    const inner = new PdfText(decoded, source.work);
    // /Encrypt belongs in the trailer, which is never compressed: only the file's own bytes are judged by it
    if (inner.scanNames() === 'active' || scanStreams(inner, inflate, depth + 1) === 'active')
      return 'active';
  }
  return null;
}

/**
 * Looks for active content in a PDF: 'active' for a script, an action that launches, imports, submits
 * or opens another file, an embedded file, rich media or an XFA form; 'encrypted' when its content is
 * encrypted; 'uncheckable' when a stream cannot be read to be checked (an unknown filter, a predictor
 * on compressed objects, corrupt Flate data, more than 32 MB inflated).
 */
export function scanPdf(bytes: Uint8Array): PdfFinding {
  try {
    const source = new PdfText(bytes, { left: PARSE_BUDGET });
    // encrypted strings and streams cannot be read, so what they hide cannot be checked
    const names = source.scanNames();
    if (names) return names;
    return scanStreams(source, { left: INFLATE_BUDGET }, 0);
  } catch (error) {
    if (error instanceof Uncheckable) return 'uncheckable';
    throw error;
  }
}
