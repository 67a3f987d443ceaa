import type { DestinationStream } from 'pino';

export interface CapturedLog {
  /** Pass as `createTestServer(…, {logStream})` (with LOG_LEVEL set in the overrides). */
  stream: DestinationStream;
  /** Everything written so far, as the operator would read it. */
  text(): string;
  /** The JSON lines written so far. */
  entries(): Array<Record<string, unknown> & { level: number; msg?: string }>;
}

/** A log destination that keeps what the server writes, to assert what an operator would see. */
export function captureLog(): CapturedLog {
  const chunks: string[] = [];
  return {
    stream: { write: (chunk: string) => void chunks.push(chunk) },
    text: () => chunks.join(''),
    entries: () =>
      chunks
        .join('')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line)),
  };
}
