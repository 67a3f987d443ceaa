/**
 * The small sample lists shipped for tests and the demo (samples/, fictional people whose names cannot be a
 * seeded or test client's): one file of each format. The demo seed imports them; `npm run screening:import` takes
 * them as any other file.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScreeningListFormat } from '@openbroker/domain';
import type { Db } from '../../db/client.js';
import { parseList } from './list-formats.js';
import { ScreeningRepo } from './screening.repo.js';

export const SAMPLE_LIST_FILES: Readonly<Record<ScreeningListFormat, string>> = {
  eu: 'eu-sample.xml',
  un: 'un-sample.xml',
  ofac: 'ofac-sample.csv',
  pep: 'pep-sample.csv',
};

/** The samples folder, from the sources (tsx, tests) or from the bundle in dist/ (the built server). */
export function sampleListsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'samples'), path.resolve(here, '../src/modules/screening/samples')];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, SAMPLE_LIST_FILES.eu)));
  if (!found) throw new Error('screening sample lists not found');
  return found;
}

export const sampleListPath = (format: ScreeningListFormat) =>
  path.join(sampleListsDir(), SAMPLE_LIST_FILES[format]);

/** Imports every sample list (the demo seed, inside its transaction): no client exists yet to screen. */
export async function seedSampleLists(tx: Db): Promise<void> {
  const repo = new ScreeningRepo(tx);
  for (const format of Object.keys(SAMPLE_LIST_FILES) as ScreeningListFormat[]) {
    const content = fs.readFileSync(sampleListPath(format));
    await repo.importList(
      tx,
      {
        source: format,
        fileName: SAMPLE_LIST_FILES[format],
        fileHash: createHash('sha256').update(content).digest('hex'),
        importedBy: 'seed',
      },
      parseList(format, content.toString('utf8')),
    );
  }
}
