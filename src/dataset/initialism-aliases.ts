// "BTM Layout" is written "BTM 2nd Stage": a locality named by an initialism and a generic word answers to the first.
import { KIND } from '../geocoding/place-index.ts';
import type { Entry } from './place-entries.ts';

/** Words that follow an initialism in a locality's name and are dropped when people write it. */
const GENERIC = new Set(['layout', 'colony', 'nagar', 'enclave', 'township', 'puram']);
/** An initialism as the directory writes one: three to five letters, no vowel (BTM, HSR, HRBR, KPHB, LBS). */
const INITIALISM = /^[bcdfghjklmnpqrstvwxz]{3,5}$/;

/** Adds the initialism alone as an alias key of each locality or office named "<initialism> <generic word>". */
export function addInitialismAliases(entries: Entry[]): void {
  for (const e of entries) {
    if ((e.kind !== KIND.locality && e.kind !== KIND.office) || e.tokens.length !== 2) continue;
    const [first, second] = e.tokens as [string, string];
    if (INITIALISM.test(first) && GENERIC.has(second) && !e.aliasKeys.includes(first)) e.aliasKeys.push(first);
  }
}
