/**
 * Sanctions and PEP screening (docs/compliance.md "Screening"): how a client's name and birth date are compared
 * with the entries of the lists the operator imports (EU, UN, OFAC, a PEP list). Pure functions: the server screens
 * with them at registration, on a profile change and after every import; the back office shows the same score.
 *
 * The rule:
 * - names are compared after normalisation: case, punctuation and diacritics dropped, German umlauts and ß written
 *   both ways (ö = oe = o, ß = ss), Cyrillic transliterated to Latin, token order ignored;
 * - every token of the shorter name must meet its own token of the longer one (middle names may be missing on
 *   either side) with at most one edit (insert, delete, substitute, swap of neighbours) for tokens of four or more
 *   letters, none for shorter ones; a single-token name never matches a two-token one by one token alone;
 * - birth dates: a listed birth date that differs from the client's is no match at all (a namesake born on
 *   another day is someone else); a listed year only agrees with any date in that year; when either side has no
 *   date the name decides alone;
 * - score: 100 for the same name and agreeing date, 10 less per edit, 5 less per token only one side has,
 *   5 less when there is no date to compare. A possible match scores at least SCREENING_THRESHOLD.
 */

export const SCREENING_LIST_FORMATS = ['eu', 'un', 'ofac', 'pep'] as const;
/** eu: EU consolidated financial sanctions XML; un: UN consolidated list XML; ofac: OFAC SDN CSV; pep: our PEP CSV. */
export type ScreeningListFormat = (typeof SCREENING_LIST_FORMATS)[number];

export const SCREENING_MATCH_STATUSES = ['pending', 'cleared', 'confirmed'] as const;
/** pending: awaits compliance; cleared: not the listed person; confirmed: the listed person. */
export type ScreeningMatchStatus = (typeof SCREENING_MATCH_STATUSES)[number];

/** The lowest score that is a possible match (two name tokens with one typo each). */
export const SCREENING_THRESHOLD = 80;

/** One person of an imported list, as the importers produce it. */
export interface ScreeningEntry {
  /** The list's own reference of the entry (EU logicalId, UN DATAID, OFAC ent_num, the PEP file's id). */
  ref: string;
  /** The primary name first, then aliases. */
  names: string[];
  /** 'YYYY-MM-DD', 'YYYY-MM' or 'YYYY' (only the year listed). */
  birthDates: string[];
  /** The sanctions programme or the PEP's function. */
  programme: string;
  /** ISO alpha-2 codes of the listed citizenships, where the list gives them. */
  countries: string[];
}

/** What a client is screened on. */
export interface ScreenedClient {
  firstName: string;
  lastName: string;
  /** 'YYYY-MM-DD' or null when unknown. */
  birthDate: string | null;
}

/** How the birth dates compared: the same (to the precision listed), or nothing to compare. */
export type BirthDateAgreement = 'same' | 'year' | 'unknown';

export interface ScreeningHit {
  score: number;
  /** The entry's name that matched best. */
  matchedName: string;
  birthDate: BirthDateAgreement;
}

// Cyrillic to Latin, a simple passport-style table (ICAO 9303 close enough for matching).
const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  є: 'ie',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'iu',
  я: 'ia',
};

const GERMAN: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/**
 * A name's spellings to compare, each as sorted-free tokens: with German umlauts spelled out (Müller → mueller) and
 * with their dots dropped (Müller → muller), so both written forms of the same name meet.
 */
export function nameVariants(name: string): string[][] {
  const lower = name.toLocaleLowerCase('de').replace(/[а-яёєіїґ]/g, (c) => CYRILLIC[c] ?? c);
  const spelled = lower.replace(/[äöüß]/g, (c) => GERMAN[c] ?? c);
  const dropped = lower.replace(/ß/g, 'ss');
  const variants = [spelled, dropped].map(tokensOf);
  const [a, b] = variants;
  return a && b && a.join(' ') === b.join(' ') ? [a] : variants;
}

/** Lower-case ASCII tokens: diacritics dropped, punctuation and hyphens split words, apostrophes removed. */
function tokensOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/['’`ʼ]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((t) => t.length > 0);
}

/** One normal spelling of a name (sorted tokens): what a cleared match remembers of the client's name. */
export function normalName(name: string): string {
  return (nameVariants(name)[0] ?? []).slice().sort().join(' ');
}

/** Edit distance with swaps of neighbours (optimal string alignment), stopping early above `max`. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...new Array<number>(b.length).fill(0)]);
  const first = rows[0] as number[];
  for (let j = 0; j <= b.length; j++) first[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] as number[];
    const prev = rows[i - 1] as number[];
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (prev[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (prev[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = value;
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** The edits a token may differ by: one for four letters or more, none for shorter tokens. */
const allowedEdits = (token: string) => (token.length >= 4 ? 1 : 0);

/**
 * The fewest edits that pair every token of `short` with its own token of `long` (each within its allowance),
 * or null when some token finds none. Names have few tokens: a small search over the assignments.
 */
function pairTokens(short: readonly string[], long: readonly string[]): number | null {
  let best: number | null = null;
  const used = new Array<boolean>(long.length).fill(false);
  const visit = (i: number, edits: number) => {
    if (best !== null && edits >= best) return;
    if (i === short.length) {
      best = edits;
      return;
    }
    const token = short[i] as string;
    for (let j = 0; j < long.length; j++) {
      if (used[j]) continue;
      const other = long[j] as string;
      const allowed = Math.min(allowedEdits(token), allowedEdits(other));
      const d = editDistance(token, other, allowed);
      if (d > allowed) continue;
      used[j] = true;
      visit(i + 1, edits + d);
      used[j] = false;
    }
  };
  visit(0, 0);
  return best;
}

/** The name part of the score of two names (null: no match), before the birth date. */
export function nameScore(clientName: string, listedName: string): number | null {
  let best: number | null = null;
  for (const a of nameVariants(clientName)) {
    for (const b of nameVariants(listedName)) {
      if (a.length === 0 || b.length === 0) continue;
      const [short, long] = a.length <= b.length ? [a, b] : [b, a];
      // one shared token is not a name: a two-token name needs both
      if (short.length === 1 && long.length > 1) continue;
      const edits = pairTokens(short, long.slice(0, 8));
      if (edits === null) continue;
      const score = 100 - 10 * edits - 5 * (long.length - short.length);
      if (best === null || score > best) best = score;
    }
  }
  return best;
}

/** Whether a listed birth date ('YYYY', 'YYYY-MM' or 'YYYY-MM-DD') agrees with the client's 'YYYY-MM-DD'. */
export function birthDateAgrees(listed: string, client: string): boolean {
  return listed.length > 0 && client.startsWith(listed);
}

/** How a client's birth date compares with an entry's: null when the entry lists only other dates. */
export function compareBirthDates(
  listed: readonly string[],
  client: string | null,
): BirthDateAgreement | null {
  const dates = listed.filter((d) => /^\d{4}(-\d{2}(-\d{2})?)?$/.test(d));
  if (client === null || dates.length === 0) return 'unknown';
  const agreeing = dates.filter((d) => birthDateAgrees(d, client));
  if (agreeing.length === 0) return null;
  return agreeing.some((d) => d.length === 10) ? 'same' : 'year';
}

/** The client against one list entry: the best of its names and the birth date, or null when it is no match. */
export function screenAgainst(client: ScreenedClient, entry: ScreeningEntry): ScreeningHit | null {
  const birthDate = compareBirthDates(entry.birthDates, client.birthDate);
  if (birthDate === null) return null;
  const full = `${client.firstName} ${client.lastName}`;
  let best: { score: number; name: string } | null = null;
  for (const name of entry.names) {
    const score = nameScore(full, name);
    if (score !== null && (best === null || score > best.score)) best = { score, name };
  }
  if (best === null) return null;
  const score = best.score - (birthDate === 'unknown' ? 5 : 0);
  return score >= SCREENING_THRESHOLD ? { score, matchedName: best.name, birthDate } : null;
}

/** What a client's screening data is, as a cleared match remembers it: the same data is not raised again. */
export function screeningFingerprint(client: ScreenedClient): string {
  return `${normalName(`${client.firstName} ${client.lastName}`)}|${client.birthDate ?? ''}`;
}

/** A token and its one-letter deletions: two tokens within one edit share one of these keys. */
function deletionKeys(token: string): string[] {
  if (token.length < 4) return [token];
  const keys = new Set([token]);
  for (let i = 0; i < token.length; i++) keys.add(token.slice(0, i) + token.slice(i + 1));
  return [...keys];
}

/**
 * The entries of the imported lists, indexed by their name tokens so a client is compared only with the entries
 * sharing a token within one edit (a list of thousands against every client of every brand stays quick).
 */
export class ScreeningIndex<E extends ScreeningEntry = ScreeningEntry> {
  private readonly byKey = new Map<string, Set<E>>();

  constructor(readonly entries: readonly E[]) {
    for (const entry of entries) {
      for (const name of entry.names)
        for (const variant of nameVariants(name))
          for (const token of variant)
            for (const key of deletionKeys(token)) {
              const bucket = this.byKey.get(key) ?? new Set<E>();
              bucket.add(entry);
              this.byKey.set(key, bucket);
            }
    }
  }

  /** Every entry the client possibly matches, best score first. */
  screen(client: ScreenedClient): { entry: E; hit: ScreeningHit }[] {
    const candidates = new Set<E>();
    for (const variant of nameVariants(`${client.firstName} ${client.lastName}`))
      for (const token of variant)
        for (const key of deletionKeys(token))
          for (const entry of this.byKey.get(key) ?? []) candidates.add(entry);
    const hits: { entry: E; hit: ScreeningHit }[] = [];
    for (const entry of candidates) {
      const hit = screenAgainst(client, entry);
      if (hit) hits.push({ entry, hit });
    }
    return hits.sort((a, b) => b.hit.score - a.hit.score);
  }
}
