import { inflateSync } from 'node:zlib';

/** The text a PDF draws: its content streams inflated, each TJ array's hex strings decoded and joined. */
export function pdfTextOf(pdf: Buffer): string {
  const lines: string[] = [];
  const raw = pdf.toString('latin1');
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g))
      lines.push(
        [...(tj[1] ?? '').matchAll(/<([0-9a-f]+)>/gi)]
          .map((hex) => Buffer.from(hex[1] ?? '', 'hex').toString('latin1'))
          .join(''),
      );
  }
  return lines.join('\n');
}
