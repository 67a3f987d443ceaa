import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from './constants.js';
import {
  checkUploadContentType,
  DOCUMENT_STATUS,
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  detectFileKind,
  extensionOf,
  fileKindMatchesName,
  isDocumentType,
  parseDocumentField,
  showsUploadForm,
  validateUpload,
} from './documents.js';
import { formatMessage } from './messages.js';

const MB = 1024 * 1024;
const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));

describe('spec §3 document types', () => {
  it('are passport, address proof and the two sides of the funding proof', () => {
    expect(DOCUMENT_TYPES).toEqual(['doc_passport', 'doc_address', 'doc_funding_front', 'doc_funding_back']);
    expect(Object.keys(DOCUMENT_TYPE_LABELS)).toEqual([...DOCUMENT_TYPES]);
    expect(isDocumentType('doc_address')).toBe(true);
    expect(isDocumentType('doc_selfie')).toBe(false);
  });
});

describe('spec §4 document status', () => {
  it("is a string: '0' Waiting, '1' Processing, '2' Approved, '3' Rejected", () => {
    expect(DOCUMENT_STATUS).toEqual({ waiting: '0', processing: '1', approved: '2', rejected: '3' });
    expect(DOCUMENT_STATUS_LABELS).toEqual({
      '0': 'Waiting',
      '1': 'Processing',
      '2': 'Approved',
      '3': 'Rejected',
    });
  });

  it('shows the upload form while waiting and again after a rejection, not while processing or approved', () => {
    expect(showsUploadForm('0')).toBe(true);
    expect(showsUploadForm('3')).toBe(true);
    expect(showsUploadForm('1')).toBe(false);
    expect(showsUploadForm('2')).toBe(false);
  });

  it('reads a document field with its rejection note', () => {
    expect(
      parseDocumentField('{"status":"3","note":"Blurry photo","updated":"2026-01-02 10:00:00"}'),
    ).toEqual({
      status: '3',
      note: 'Blurry photo',
      updated: '2026-01-02 10:00:00',
    });
    expect(parseDocumentField({ status: 2 })).toEqual({ status: '2', note: '', updated: null });
  });

  it('defaults an empty or broken field to Waiting', () => {
    const waiting = { status: '0', note: '', updated: null };
    for (const raw of [null, undefined, '', '{oops', '"text"', { status: '9' }, { status: true }])
      expect(parseDocumentField(raw)).toEqual(waiting);
  });
});

describe('spec §5 upload rule', () => {
  it('accepts jpg, jpeg and pdf up to 2 MB, whatever the case of the extension', () => {
    expect(validateUpload({ name: 'passport.jpg', size: 1000, mimeType: 'image/jpeg' })).toBeNull();
    expect(validateUpload({ name: 'bill.PDF', size: 2 * MB, mimeType: 'application/pdf' })).toBeNull();
    expect(validateUpload({ name: 'scan.JPEG', size: 5 })).toBeNull();
  });

  // the size gets its own message, not spec §8's general 'File not supported'
  it.each([
    ['a pdf', { name: 'big.pdf', size: 2 * MB + 1 }],
    ['a jpeg of 8 MB', { name: 'photo.jpeg', size: 8 * MB, mimeType: 'image/jpeg' }],
  ])('refuses %s over 2 MB with File is too large: at most 2 MB', (_, file) => {
    const message = validateUpload(file);
    expect(message).toEqual({ key: 'document.tooLarge' });
    expect(message && formatMessage(message)).toBe('File is too large: at most 2 MB');
  });

  it('names the limit the rule applies', () => {
    expect(UPLOAD_MAX_BYTES).toBe(2 * MB);
    expect(formatMessage({ key: 'document.tooLarge' })).toContain('2 MB');
  });

  it('refuses a file of the wrong type for its type first, whatever its size', () => {
    const message = validateUpload({ name: 'movie.mp4', size: 50 * MB });
    expect(message && formatMessage(message)).toBe('File not supported');
  });

  it.each([
    ['a png', { name: 'photo.png', size: 1000 }],
    ['a name without extension', { name: 'passport', size: 1000 }],
    [
      'a pdf name with an image MIME type of another kind',
      { name: 'x.pdf', size: 10, mimeType: 'image/png' },
    ],
    ['a double extension ending in exe', { name: 'id.jpg.exe', size: 10 }],
  ])('refuses %s with File not supported', (_, file) => {
    const message = validateUpload(file);
    expect(message && formatMessage(message)).toBe('File not supported');
  });

  it('requires a file', () => {
    for (const file of [null, undefined, { name: '', size: 10 }, { name: 'empty.pdf', size: 0 }]) {
      const message = validateUpload(file);
      expect(message && formatMessage(message)).toBe('File is required');
    }
  });

  it('finds the extension of a name', () => {
    expect(extensionOf('a.b.JPG')).toBe('jpg');
    expect(extensionOf('noext')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
  });
});

describe('architecture §8 content check', () => {
  it('recognises a JPEG by FF D8 FF and a PDF by %PDF-', () => {
    expect(detectFileKind(bytes(0xff, 0xd8, 0xff, 0xe0, 0x00))).toBe('jpeg');
    expect(detectFileKind(ascii('%PDF-1.7\n'))).toBe('pdf');
  });

  it('recognises nothing else, including a renamed PNG, an HTML page and a truncated header', () => {
    expect(detectFileKind(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(detectFileKind(ascii('<html>'))).toBeNull();
    expect(detectFileKind(ascii('%PDF'))).toBeNull();
    expect(detectFileKind(bytes(0xff, 0xd8))).toBeNull();
    expect(detectFileKind(new Uint8Array())).toBeNull();
  });

  it('checks the content against the name', () => {
    expect(fileKindMatchesName('pdf', 'bill.pdf')).toBe(true);
    expect(fileKindMatchesName('jpeg', 'id.JPEG')).toBe(true);
    expect(fileKindMatchesName('jpeg', 'bill.pdf')).toBe(false);
    expect(fileKindMatchesName(null, 'bill.pdf')).toBe(false);
  });
});

describe('upload type rule: detected content type and the name agree (decision 0013)', () => {
  const text = (name: string, mime: string | undefined) => {
    const problem = checkUploadContentType(name, mime);
    return problem && formatMessage(problem);
  };

  it('accepts a JPEG named .jpg or .jpeg and a PDF named .pdf, in any case', () => {
    expect(text('passport.jpg', 'image/jpeg')).toBeNull();
    expect(text('passport.JPEG', 'image/jpeg')).toBeNull();
    expect(text('bill.Pdf', 'application/pdf')).toBeNull();
  });

  it("refuses content that is not an accepted type with 'File not supported'", () => {
    expect(text('scan.png', 'image/png')).toBe('File not supported');
    expect(text('scan.jpg', undefined)).toBe('File not supported');
    expect(text('x.html', 'text/html')).toBe('File not supported');
  });

  it('refuses a JPEG named .exe, .html or .pdf, and a PDF named .jpg: the name must say what it is', () => {
    const mismatch =
      "The file's content does not match its name. Please upload the original jpg, jpeg or pdf file.";
    expect(text('x.exe', 'image/jpeg')).toBe(mismatch);
    expect(text('x.html', 'image/jpeg')).toBe(mismatch);
    expect(text('x.pdf', 'image/jpeg')).toBe(mismatch);
    expect(text('bill.jpg', 'application/pdf')).toBe(mismatch);
    expect(text('noextension', 'image/jpeg')).toBe(mismatch);
  });

  it('the client-side check refuses a file name with control characters', () => {
    expect(validateUpload({ name: 'pass\u0000port.jpg', size: 10 })).toEqual({
      key: 'document.nameNotAllowed',
    });
  });
});
