// Name normalisation shared by the boundary file and the directory: states, districts, divisions, circles, localities.

const SMALL_WORDS = new Set(['and', 'of', 'the', 'in', 'on']);

/** Trims and collapses whitespace; "" and "NA" become null. */
export function clean(value: string | null | undefined): string | null {
  if (value == null) return null;
  const text = value.replace(/\s+/g, ' ').trim();
  return text === '' || text.toUpperCase() === 'NA' ? null : text;
}

/** "ANDAMAN AND NICOBAR ISLANDS" -> "Andaman and Nicobar Islands"; capitals after spaces, hyphens, dots, brackets. */
export function titleCase(value: string): string {
  return value
    .toLowerCase()
    .replace(/[a-z]+/g, (word, offset: number) =>
      offset > 0 && value[offset - 1] === ' ' && SMALL_WORDS.has(word) ? word : word[0]!.toUpperCase() + word.slice(1),
    );
}

/** A state or UT name as the directory spells it, title-cased; null for "NA". */
export function normaliseState(value: string | null | undefined): string | null {
  const text = clean(value);
  return text === null ? null : titleCase(text);
}

/** District names are mixed case in the directory ("NEW DELHI", "South East"); title-case them all. */
export const normaliseDistrict = normaliseState;

/** The states GeoJSON (Survey of India, pre-2020) spells some names differently from the directory. */
const STATE_POLYGON_ALIASES: Record<string, string> = {
  'ANDAMAN & NICOBAR': 'ANDAMAN AND NICOBAR ISLANDS',
  'DADRA & NAGAR HAVELI': 'THE DADRA AND NAGAR HAVELI AND DAMAN AND DIU',
  'DAMAN & DIU': 'THE DADRA AND NAGAR HAVELI AND DAMAN AND DIU',
};

/** Maps a states-GeoJSON STNAME to the directory's state name, title-cased. */
export function stateFromPolygonName(stname: string): string | null {
  const upper = clean(stname)?.toUpperCase() ?? null;
  if (upper === null) return null;
  return normaliseState(STATE_POLYGON_ALIASES[upper] ?? upper.replace(/\s*&\s*/g, ' AND '));
}

/**
 * Division name without decoration. The publisher removed the word "Division" from some boundary names,
 * leaving "Gautam Buddha Nagar  office", "Davanagere al office" and "al Office Katihar".
 */
export function cleanDivision(value: string | null | undefined): string | null {
  if (value == null) return null;
  const text = value
    .trim()
    .replace(/^(?:Divisional|al) Office\b[\s,]*/i, '')
    .replace(/\s+(?:Division(?:al)?\s+|al\s+|\s)office$/i, '')
    .replace(/\s+/g, ' ')
    .replace(/\s+Division$/i, '')
    .trim();
  return clean(text);
}

/** Circle without the directory's " Circle" suffix. */
export function cleanCircle(value: string | null | undefined): string | null {
  const text = clean(value);
  return text === null ? null : clean(text.replace(/\s+Circle$/i, ''));
}

/** Region with the publisher's dropped words restored ("al Office, Aurangabad", "Southern , Madurai"). */
export function cleanRegion(value: string | null | undefined): string | null {
  const text = clean(value);
  if (text === null) return null;
  return text
    .replace(/(^|\s)al Office\b/i, (_m, lead: string) => `${lead}Regional Office`)
    .replace(/^(\w+) ,/, '$1 Region,');
}

/** Matching key for divisions: case-insensitive. */
export function divisionKey(name: string): string {
  return name.toLowerCase();
}

/** Matching key for circles: case- and space-insensitive ("Jammukashmir" = "Jammu Kashmir"). */
export function circleKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * Picks one spelling per key from every variant seen in both sources, independent of input order:
 * mixed case beats all capitals, then more words, then more uses, then code-point order.
 */
export class Canon {
  private readonly variants = new Map<string, Map<string, number>>();

  constructor(private readonly key: (name: string) => string) {}

  add(name: string | null): void {
    if (name === null) return;
    const key = this.key(name);
    const seen = this.variants.get(key) ?? new Map<string, number>();
    seen.set(name, (seen.get(name) ?? 0) + 1);
    this.variants.set(key, seen);
  }

  /** The canonical spelling of `name` (which must have been added, else it is title-cased when all capitals). */
  resolve(name: string | null): string | null {
    if (name === null) return null;
    const seen = this.variants.get(this.key(name));
    const best = seen ? [...seen].sort(compareVariants)[0]![0] : name;
    if (/[a-z]/.test(best)) return best;
    // All capitals in every source: title-case place words, keep acronyms like "APS" or "1CBPO DV".
    return best
      .split(' ')
      .map((w) => (w.length <= 3 || /\d/.test(w) ? w : titleCase(w)))
      .join(' ');
  }
}

function compareVariants([a, na]: [string, number], [b, nb]: [string, number]): number {
  const mixed = Number(/[a-z]/.test(b)) - Number(/[a-z]/.test(a));
  const words = b.split(' ').length - a.split(' ').length;
  return mixed || words || nb - na || (a < b ? -1 : a > b ? 1 : 0);
}

const OFFICE_SUFFIX =
  /(?:^|[\s,]+)(?:S\.?\s?O\.?|H\.?\s?O\.?|B\.?\s?O\.?|G\.?P\.?O\.?|H\.?P\.?O\.?|P\.?O\.?|MDG|DSO|(?:Sub |Head |Branch )?Post Office)(?=$|[\s,(])/i;

/** The place name of a delivery office: "Indiranagar S.O (Bengaluru)" -> "Indiranagar". */
export function localityOf(officeName: string | null): string | null {
  const name = clean(officeName);
  if (name === null) return null;
  const withoutBrackets = name.replace(/\s*\([^)]*\)\s*$/, '');
  const match = OFFICE_SUFFIX.exec(withoutBrackets);
  const locality = match ? withoutBrackets.slice(0, match.index) : withoutBrackets;
  return clean(locality.replace(/[\s,]+$/, '')) ?? clean(withoutBrackets);
}
