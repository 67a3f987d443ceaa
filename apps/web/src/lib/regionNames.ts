const displayNames = new Map<string, Intl.DisplayNames | null>();

function namesFor(language: string): Intl.DisplayNames | null {
  let names = displayNames.get(language);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'none' });
    } catch {
      names = null;
    }
    displayNames.set(language, names);
  }
  return names;
}

/** A country's name in the reader's language ('DE' → 'Germany' / 'Deutschland'); `fallback` when unknown. */
export function regionName(alpha2: string | null | undefined, language: string, fallback = ''): string {
  if (!alpha2) return fallback;
  try {
    return namesFor(language)?.of(alpha2.toUpperCase()) ?? fallback;
  } catch {
    return fallback;
  }
}

/** The reader's country guessed from the browser's languages ('de-AT' → 'AT', 'en' → 'US'), or null. */
export function browserRegion(
  languages: readonly string[] = globalThis.navigator?.languages ?? [],
): string | null {
  for (const language of languages) {
    try {
      const region = new Intl.Locale(language).maximize().region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // not a valid tag: try the next one
    }
  }
  return null;
}
