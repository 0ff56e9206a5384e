// "BTM Layout" is written "BTM 2nd Stage": a locality named by an initialism and a generic word answers to the first.
import { KIND } from '../geocoding/place-index.ts';
import { PART_WORDS } from './ordinal-aliases.ts';
import type { Entry } from './place-entries.ts';

/** Words that follow an initialism in a locality's name and are dropped when people write it. */
const GENERIC = new Set(['layout', 'colony', 'nagar', 'enclave', 'township', 'puram']);
/** An initialism as the directory writes one: three to five letters, no vowel (BTM, HSR, HRBR, KPHB, LBS). */
const INITIALISM = /^[bcdfghjklmnpqrstvwxz]{3,5}$/;
const NUMBER = /^\d+(?:st|nd|rd|th)?$/;

/**
 * Adds the initialism alone as an alias key of each locality or office named "<initialism> <generic word>" or
 * "<initialism> <part word> <number>" ("DLF Phase 2", "BSK 3rd Stage": "DLF Phase 4" is near DLF's other phases).
 */
export function addInitialismAliases(entries: Entry[]): void {
  for (const e of entries) {
    if (e.kind !== KIND.locality && e.kind !== KIND.office) continue;
    const [first, second, third] = e.tokens as [string, string, string | undefined];
    if (!INITIALISM.test(first) || e.aliasKeys.includes(first)) continue;
    const generic = e.tokens.length === 2 && GENERIC.has(second);
    const numbered =
      e.tokens.length === 3 &&
      ((PART_WORDS.has(second) && NUMBER.test(third!)) || (NUMBER.test(second) && PART_WORDS.has(third!)));
    if (generic || numbered) e.aliasKeys.push(first);
  }
}
