/**
 * Reading the sanctions and PEP lists the operator imports (docs/compliance.md "Screening"), each in its published
 * format, into the domain's screening entries (persons only: companies and vessels are not clients):
 * - eu: the EU consolidated financial sanctions list, XML (`export/sanctionEntity` with `nameAlias@wholeName`,
 *   `birthdate@birthdate` or `@year`, `regulation@programme`, `citizenship@countryIso2Code`);
 * - un: the UN Security Council consolidated list, XML (`CONSOLIDATED_LIST/INDIVIDUALS/INDIVIDUAL` with FIRST_NAME…
 *   FOURTH_NAME, NAME_ORIGINAL_SCRIPT, INDIVIDUAL_ALIAS/ALIAS_NAME, INDIVIDUAL_DATE_OF_BIRTH DATE/YEAR/FROM_YEAR…);
 * - ofac: OFAC's SDN list, CSV without header (ent_num, SDN_Name "LAST, First", SDN_Type, Program, …, Remarks with
 *   "DOB 02 Sep 1980" and "a.k.a. 'NAME'"), '-0-' for empty;
 * - pep: our PEP list, CSV with a header: id, full_name, aliases (separated by ';'), birth_date (YYYY-MM-DD, YYYY-MM or
 *   YYYY), country (ISO alpha-2), function.
 * A file that is not in the chosen format answers a clear error and imports nothing.
 */
import type { ScreeningEntry, ScreeningListFormat } from '@openbroker/domain';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { invalidFields } from '../../lib/errors.js';

/** The file is not a list of the chosen format. */
export const unreadableList = () => invalidFields([{ path: 'file', key: 'screening.unreadableFile' }]);

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // the XML parser never expands entities it does not know (no external entities)
  processEntities: true,
  isArray: (name) =>
    [
      'sanctionEntity',
      'nameAlias',
      'birthdate',
      'regulation',
      'citizenship',
      'INDIVIDUAL',
      'INDIVIDUAL_ALIAS',
      'INDIVIDUAL_DATE_OF_BIRTH',
    ].includes(name),
});

type Node = Record<string, unknown>;
const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
const nodes = (value: unknown): Node[] => (Array.isArray(value) ? (value as Node[]) : []);
const unique = (values: string[]) => [...new Set(values.filter((v) => v.length > 0))];

const pad = (n: string) => n.padStart(2, '0');

function readXml(content: string): Node {
  try {
    return xml.parse(content, true) as Node;
  } catch {
    throw unreadableList();
  }
}

export function parseEu(content: string): ScreeningEntry[] {
  const root = readXml(content).export as Node | undefined;
  if (!root || typeof root !== 'object') throw unreadableList();
  return nodes(root.sanctionEntity)
    .filter((e) => text((e.subjectType as Node | undefined)?.['@code']) === 'person')
    .map((e) => ({
      ref: text(e['@logicalId']) || text(e['@euReferenceNumber']),
      names: unique(
        nodes(e.nameAlias).map(
          (a) =>
            text(a['@wholeName']) || [a['@firstName'], a['@middleName'], a['@lastName']].map(text).join(' '),
        ),
      ),
      birthDates: unique(
        nodes(e.birthdate).map((b) => {
          const full = text(b['@birthdate']);
          if (full) return full;
          const year = text(b['@year']);
          const month = text(b['@monthOfYear']);
          return year && month ? `${year}-${pad(month)}` : year;
        }),
      ),
      programme: unique(nodes(e.regulation).map((r) => text(r['@programme']))).join(', '),
      countries: unique(nodes(e.citizenship).map((c) => text(c['@countryIso2Code']).toUpperCase())),
    }))
    .filter((e) => e.ref && e.names.length > 0);
}

export function parseUn(content: string): ScreeningEntry[] {
  const root = readXml(content).CONSOLIDATED_LIST as Node | undefined;
  if (!root || typeof root !== 'object') throw unreadableList();
  const individuals = nodes((root.INDIVIDUALS as Node | undefined)?.INDIVIDUAL);
  return individuals
    .map((p) => {
      const name = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME']
        .map((k) => text(p[k]))
        .join(' ');
      const births = nodes(p.INDIVIDUAL_DATE_OF_BIRTH).flatMap((d): string[] => {
        const date = text(d.DATE);
        if (date) return [date.slice(0, 10)];
        const year = text(d.YEAR);
        if (year) return [year];
        const from = Number(text(d.FROM_YEAR));
        const to = Number(text(d.TO_YEAR));
        if (Number.isInteger(from) && Number.isInteger(to) && from > 0 && to >= from && to - from <= 10)
          return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
        return [];
      });
      return {
        ref: text(p.DATAID) || text(p.REFERENCE_NUMBER),
        names: unique([
          name.replace(/\s+/g, ' ').trim(),
          text(p.NAME_ORIGINAL_SCRIPT),
          ...nodes(p.INDIVIDUAL_ALIAS).map((a) => text(a.ALIAS_NAME)),
        ]),
        birthDates: unique(births),
        programme: text(p.UN_LIST_TYPE),
        countries: [],
      };
    })
    .filter((e) => e.ref && e.names.length > 0);
}

function readCsv(content: string, columns: boolean): unknown[] {
  try {
    return parseCsv(content, {
      columns,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      bom: true,
    }) as unknown[];
  } catch {
    throw unreadableList();
  }
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** OFAC's remarks give birth dates as "DOB 02 Sep 1980", "DOB Sep 1980", "DOB 1980", "DOB circa 1975", "DOB 1951 to 1953". */
export function ofacBirthDates(remarks: string): string[] {
  const dates: string[] = [];
  for (const match of remarks.matchAll(/DOB\s+([^;]+)/gi)) {
    const value = (match[1] ?? '').replace(/circa/i, '').trim();
    const range = /^(\d{4})\s+to\s+(\d{4})$/.exec(value);
    if (range) {
      const from = Number(range[1]);
      const to = Number(range[2]);
      for (let y = from; y <= to && y - from <= 10; y++) dates.push(String(y));
      continue;
    }
    const full = /^(\d{1,2})\s+([A-Za-z]{3})\s+(\d{4})$/.exec(value);
    const month = /^([A-Za-z]{3})\s+(\d{4})$/.exec(value);
    const year = /^(\d{4})$/.exec(value);
    const m = (name: string) => MONTHS.indexOf(name.toLowerCase()) + 1;
    if (full?.[1] && full[2] && full[3] && m(full[2]) > 0)
      dates.push(`${full[3]}-${pad(String(m(full[2])))}-${pad(full[1])}`);
    else if (month?.[1] && month[2] && m(month[1]) > 0) dates.push(`${month[2]}-${pad(String(m(month[1])))}`);
    else if (year?.[1]) dates.push(year[1]);
  }
  return dates;
}

/** "LAST, First Middle" as "First Middle LAST" (token order does not matter to matching, but staff read it). */
const ofacName = (name: string) => {
  const [last, first] = name.split(/,\s*/, 2);
  return first ? `${first} ${last}` : name;
};

export function parseOfac(content: string): ScreeningEntry[] {
  const rows = readCsv(content, false) as string[][];
  if (rows.length > 0 && !rows.every((r) => r.length >= 4 && /^\d+$/.test(r[0] ?? '')))
    throw unreadableList();
  const empty = (v: string | undefined) => (v === undefined || v.trim() === '-0-' ? '' : v.trim());
  return rows
    .filter((r) => empty(r[2]) === 'individual')
    .map((r) => {
      const remarks = empty(r[11]);
      const akas = [...remarks.matchAll(/a\.k\.a\.\s+'([^']+)'/gi)].map((m) => ofacName(m[1] ?? ''));
      return {
        ref: empty(r[0]),
        names: unique([ofacName(empty(r[1])), ...akas]),
        birthDates: unique(ofacBirthDates(remarks)),
        programme: empty(r[3]).replace(/\]\s*\[/g, ', '),
        countries: [],
      };
    })
    .filter((e) => e.ref && e.names.length > 0);
}

export const PEP_COLUMNS = ['id', 'full_name', 'aliases', 'birth_date', 'country', 'function'] as const;

export function parsePep(content: string): ScreeningEntry[] {
  const rows = readCsv(content, true) as Record<string, string | undefined>[];
  const first = rows[0];
  if (!first || !('id' in first) || !('full_name' in first)) throw unreadableList();
  return rows
    .map((r) => ({
      ref: (r.id ?? '').trim(),
      names: unique([(r.full_name ?? '').trim(), ...(r.aliases ?? '').split(';').map((a) => a.trim())]),
      birthDates: unique([(r.birth_date ?? '').trim()].filter((d) => /^\d{4}(-\d{2}(-\d{2})?)?$/.test(d))),
      programme: (r.function ?? '').trim() || 'PEP',
      countries: unique([(r.country ?? '').trim().toUpperCase()]),
    }))
    .filter((e) => e.ref && e.names.length > 0);
}

/** The entries of a list file in its format; a file of another format, or without a single person, is refused. */
export function parseList(format: ScreeningListFormat, content: string): ScreeningEntry[] {
  const entries =
    format === 'eu'
      ? parseEu(content)
      : format === 'un'
        ? parseUn(content)
        : format === 'ofac'
          ? parseOfac(content)
          : parsePep(content);
  if (entries.length === 0) throw unreadableList();
  return entries;
}
