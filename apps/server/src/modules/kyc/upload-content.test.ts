import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { jpegBytes, pdfBytes } from '../../test/factories.js';
import { containsMarkup, inspectUpload } from './upload-content.js';

const keyOf = async (name: string, content: Buffer) => {
  const verdict = await inspectUpload(name, content);
  return verdict.ok ? verdict.mime : verdict.message.key;
};

describe('upload content inspection (decision 0013)', () => {
  it('finds markup a browser would run, in any case', () => {
    for (const code of [
      '<script>',
      '<SCRIPT src=x>',
      '<svg onload=alert(1)>',
      '<svg/onload=x>',
      '<!DOCTYPE html>',
      'JavaScript:alert(1)',
      '<iframe src=x>',
    ]) {
      expect(containsMarkup(Buffer.from(`\xff\xd8\xff${code}`, 'latin1')), code).toBe(true);
    }
  });

  it('does not mistake image data for markup: 50 pseudo-random 2 MB buffers (seeded, so repeatable)', () => {
    let state = 20261121;
    const noise = () => {
      const bytes = Buffer.alloc(2 * 1024 * 1024);
      for (let i = 0; i < bytes.length; i++) {
        // xorshift32: uniform bytes like compressed image data
        state ^= state << 13;
        state ^= state >>> 17;
        state ^= state << 5;
        bytes[i] = state & 0xff;
      }
      return bytes;
    };
    for (let i = 0; i < 50; i++) expect(containsMarkup(noise())).toBe(false);
  });

  it('accepts plain JPEG and PDF content under a matching name', async () => {
    expect(await keyOf('a.jpg', jpegBytes())).toBe('image/jpeg');
    expect(await keyOf('a.pdf', pdfBytes())).toBe('application/pdf');
  });

  it('refuses an object stream it cannot read rather than skip it', async () => {
    const broken = Buffer.from(
      '%PDF-1.7\n1 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length 5 >>\nstream\nnotzl\nendstream\nendobj\n%%EOF\n',
      'latin1',
    );
    expect(await keyOf('a.pdf', broken)).toBe('document.activeContent');
  });

  it('reads a harmless object stream and accepts the PDF', async () => {
    const packed = deflateSync(Buffer.from('2 0 << /Type /Page /Contents 3 0 R >>')).toString('latin1');
    const pdf = Buffer.from(
      `%PDF-1.7\n1 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${packed.length} >>\nstream\n${packed}\nendstream\nendobj\ntrailer\n<< /Root 2 0 R >>\n%%EOF\n`,
      'latin1',
    );
    expect(await keyOf('a.pdf', pdf)).toBe('application/pdf');
  });
});
