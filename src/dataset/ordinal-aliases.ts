// "Jayanagar 4th Block" is read "jayanagar 4 block" (the parser writes "4th Block" as the directory's "IV Block").
import type { Entry } from './place-entries.ts';

/** A numbered part's words ("4th Block", "Phase 2"), after which the parser drops an ordinal's suffix. */
export const PART_WORDS: ReadonlySet<string> = new Set(['block', 'stage', 'phase', 'sector']);
const ORDINAL = /^(\d+)(?:st|nd|rd|th)$/;

/** Adds the name with each ordinal before a part's word written as its number ("4th block" -> "4 block"). */
export function addOrdinalAliases(entries: Entry[]): void {
  for (const e of entries) {
    const tokens = e.tokens;
    if (!tokens.some((t, i) => ORDINAL.test(t) && PART_WORDS.has(tokens[i + 1] ?? ''))) continue;
    const key = tokens.map((t, i) => (PART_WORDS.has(tokens[i + 1] ?? '') ? t.replace(ORDINAL, '$1') : t)).join('');
    if (!e.aliasKeys.includes(key)) e.aliasKeys.push(key);
  }
}
