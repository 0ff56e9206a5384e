// Numbers in place names, however written: "1st Block", "I Block", "Block 1" and "Phase-I" name one block, and
// "Sector 17" is not "Sector 26". Autocomplete reads a typed number all these ways and keeps other numbers out.

/** Roman numerals that are never words. */
const ROMAN = ['', 'i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x', 'xi', 'xii'];
/** Numerals that are also initials ("V V Puram"): numbers only beside a word that numbers its parts. */
const LETTER_NUMERALS = new Set(['i', 'v', 'x']);
/** Words whose parts are numbered ("Phase I", "I Block"), as the tokenizer writes them (ph, blk, sec expanded). */
const NUMBERED = new Set(['phase', 'sector', 'block', 'stage', 'part', 'pocket', 'no', 'cross', 'main', 'layout']);
const SUFFIX = /^(\d{1,3})(?:st|nd|rd|th)$/;
/** A numbering word and its number written as one ("PhIII", "Sec17", "Blk2"). */
const GLUED = /^(?:ph|phase|sec|sector|blk|block|stg|stage|pkt|pocket)(\d{1,3}|[ivx]{1,4})$/;

/** The number token `i` of `tokens` writes (17, 1st, VI; I and V only beside a numbering word), or null. */
export function numberAt(tokens: readonly string[], i: number): number | null {
  const t = tokens[i]!;
  if (/^\d{1,4}$/.test(t)) return Number(t);
  const suffixed = SUFFIX.exec(t);
  if (suffixed) return Number(suffixed[1]);
  const glued = GLUED.exec(t)?.[1];
  if (glued !== undefined) return /^\d/.test(glued) ? Number(glued) : Math.max(0, ROMAN.indexOf(glued)) || null;
  const roman = ROMAN.indexOf(t);
  if (roman <= 0) return null;
  if (!LETTER_NUMERALS.has(t)) return roman;
  return NUMBERED.has(tokens[i - 1] ?? '') || NUMBERED.has(tokens[i + 1] ?? '') ? roman : null;
}

/** Every number the tokens write. */
export function numbersIn(tokens: readonly string[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const n = numberAt(tokens, i);
    if (n !== null) out.push(n);
  }
  return out;
}

/** The other ways a name may write `n`: digits, with its ordinal suffix, as a roman numeral. */
export function numberSpellings(n: number): string[] {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return [String(n), `${n}${suffix}`, ...(ROMAN[n] ? [ROMAN[n]] : [])];
}
