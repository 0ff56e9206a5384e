// Bounded edit distance against a plain dynamic-programming oracle, and the fuzzy scan's budget.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../bench/seeded.ts';
import { editDistance, FUZZY_BUDGET, fuzzyFind } from '../../src/geocoding/fuzzy.ts';
import { phoneticKey } from '../../src/geocoding/normalise.ts';
import { SortedStrings } from '../../src/geocoding/sorted-strings.ts';

function oracle(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe('editDistance', () => {
  it('agrees with the full-matrix oracle up to the bound on random strings', () => {
    const next = mulberry32(7);
    const word = () =>
      Array.from({ length: 1 + Math.floor(next() * 9) }, () => 'abcd'[Math.floor(next() * 4)]).join('');
    for (let k = 0; k < 5000; k++) {
      const a = word();
      const b = word();
      for (const max of [1, 2, 3])
        expect(Math.min(editDistance(a, b, max), max + 1), `${a} ${b} ${max}`).toBe(Math.min(oracle(a, b), max + 1));
    }
  });

  it('agrees with the oracle on long words, any letters and lengths either side of its word-sized path', () => {
    const next = mulberry32(13);
    // Up to 40 letters (the bit-parallel path takes words of up to 30), some outside ASCII, a few swaps of neighbours.
    const word = (letters: string) =>
      Array.from({ length: Math.floor(next() * 41) }, () => letters[Math.floor(next() * letters.length)]).join('');
    const typo = (w: string) => {
      const i = Math.floor(next() * w.length);
      return next() < 0.5 ? w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2) : w.slice(0, i) + 'x' + w.slice(i + 1);
    };
    for (let k = 0; k < 3000; k++) {
      const a = word(k % 3 === 0 ? 'abé0' : 'abcdefgh12');
      const b = k % 2 === 0 ? typo(typo(a)) : word('abcdefgh12é');
      for (const max of [2, 4]) {
        expect(Math.min(editDistance(a, b, max), max + 1), `${a} ${b} ${max}`).toBe(Math.min(oracle(a, b), max + 1));
        const prefixes = Array.from({ length: Math.min(b.length, a.length + max) + 1 }, (_, j) => b.slice(0, j));
        expect(Math.min(editDistance(a, b, max, true), max + 1), `${a} ${b} ${max} prefix`).toBe(
          Math.min(...prefixes.map((p) => oracle(a, p)), max + 1),
        );
      }
    }
  });

  it('agrees with the oracle against the closest prefix on random strings', () => {
    const next = mulberry32(9);
    const word = () =>
      Array.from({ length: 1 + Math.floor(next() * 9) }, () => 'abcd'[Math.floor(next() * 4)]).join('');
    for (let k = 0; k < 3000; k++) {
      const a = word();
      const b = word();
      for (const max of [1, 2]) {
        // Prefixes of b up to max letters longer than a: a longer one is more than max edits away.
        const best = Math.min(
          ...Array.from({ length: Math.min(b.length, a.length + max) + 1 }, (_, j) => oracle(a, b.slice(0, j))),
        );
        expect(Math.min(editDistance(a, b, max, true), max + 1), `${a} ${b} ${max}`).toBe(Math.min(best, max + 1));
      }
    }
  });

  it('measures against the closest prefix when asked (the user may still be typing)', () => {
    expect(editDistance('koramangla', 'koramangala', 2, true)).toBe(1);
    expect(editDistance('bangalor', 'bangalore', 1, true)).toBe(0);
  });
});

describe('fuzzyFind', () => {
  it('answers a search repeated in the same work from its first answer, adding no work', () => {
    const list = new SortedStrings(['kandivali', 'kandivli', 'kankavli', 'karnal'].sort());
    const work = { count: 0 };
    const first = fuzzyFind(list, 'kandivili', 2, false, work);
    const spentOnce = work.count;
    expect(first.map((h) => list.items[h.item])).toEqual(['kandivali', 'kandivli']);
    expect(fuzzyFind(list, 'kandivili', 2, false, work)).toBe(first);
    expect(work.count).toBe(spentOnce);
    // Another bound, the prefix measure or another work is another search.
    expect(fuzzyFind(list, 'kandivili', 1, false, work)).not.toBe(first);
    expect(fuzzyFind(list, 'kandivili', 2, false, { count: 0 })).toEqual(first);
  });

  it('stops after its budget however large the list', () => {
    const items = Array.from({ length: 50_000 }, (_, i) => `ka${i.toString(36).padStart(6, 'a')}`).sort();
    const list = new SortedStrings(items);
    const work = { count: 0 };
    fuzzyFind(list, 'kazzzzzz', 2, false, work);
    expect(work.count).toBeLessThanOrEqual(FUZZY_BUDGET + 3);
  });

  it('finds every item within the distance among those it scans: its letter filters never rule out a near one', () => {
    const next = mulberry32(11);
    const word = () =>
      Array.from({ length: 3 + Math.floor(next() * 8) }, () => 'abcdefg'[Math.floor(next() * 7)]).join('');
    const list = new SortedStrings([...new Set(Array.from({ length: 600 }, word))].sort());
    for (let k = 0; k < 400; k++) {
      const w = word();
      const max = 1 + (k % 2);
      // Small enough to be scanned whole: the items under the typed, swapped and second-dropped heads.
      const heads = new Set([w.slice(0, 2), w[1]! + w[0]!, w[0]! + w[2]!]);
      const expected = list.items.filter((x) => heads.has(x.slice(0, 2)) && oracle(w, x) <= max);
      const found = fuzzyFind(list, w, max, false, { count: 0 }).map((h) => list.items[h.item]);
      expect(found.sort(), w).toEqual(expected.sort());
    }
  });

  it('reads the items nearest where the word sorts, one after and one before in turn, as far as its budget', () => {
    const next = mulberry32(13);
    const word = () => `ka${Array.from({ length: 4 }, () => 'abcdef'[Math.floor(next() * 6)]).join('')}`;
    const list = new SortedStrings([...new Set(Array.from({ length: 3000 }, word))].sort());
    for (let k = 0; k < 200; k++) {
      const w = word();
      const [lo, hi] = list.range('ka');
      const start = list.lowerBound(w);
      // A call's whole limit may be nearer than the scan's budget, and odd.
      const limit = k % 2 === 0 ? undefined : 1 + (k % 11) * 101;
      const bound = Math.min(FUZZY_BUDGET / 3, limit ?? Infinity);
      // The scan as first written: item by item, centre-out, until a third of the budget or the limit.
      const read: number[] = [];
      for (let step = 0; read.length < bound && (start - step - 1 >= lo || start + step < hi); step++) {
        if (start + step < hi) read.push(start + step);
        if (start - step - 1 >= lo) read.push(start - step - 1);
      }
      const work = { count: 0, limit };
      const found = fuzzyFind(list, w, 1, false, work).map((h) => h.item);
      expect(work.count).toBe(read.length);
      expect(found.sort((a, b) => a - b)).toEqual(
        read.filter((i) => oracle(w, list.items[i]!) <= 1).sort((a, b) => a - b),
      );
    }
  });

  it('finds a word typed with an extra or swapped second letter however far it sorts from the typed one', () => {
    // Thousands of names between "tambaram" and where "thambaram" would sort in the "ta" range.
    const filler = Array.from({ length: 5_000 }, (_, i) => `tan${i.toString(36).padStart(4, 'a')}`);
    const items = [...filler, 'tambaram', 'kodambakkam'].sort();
    const list = new SortedStrings(items);
    const found = (word: string) => fuzzyFind(list, word, 1, false, { count: 0 }).map((h) => items[h.item]);
    expect(found('thambaram')).toContain('tambaram');
    expect(found('atmbaram')).toContain('tambaram');
    expect(found('kdoambakkam')).toContain('kodambakkam');
  });
});

describe('phoneticKey', () => {
  it('brings transliteration variants together', () => {
    expect(phoneticKey('mylapur')).toBe(phoneticKey('mylapore'));
    expect(phoneticKey('ghatkoper')).toBe(phoneticKey('ghatkopar'));
    expect(phoneticKey('whitefeild')).toBe(phoneticKey('whitefield'));
    expect(phoneticKey('kothrud')).toBe(phoneticKey('kotrud'));
    // A soft g before e, i or y sounds as j: the Anglo "-gunge" spellings of Kolkata's "-ganj" places.
    expect(phoneticKey('tollygunge')).toBe(phoneticKey('tollyganj'));
    expect(phoneticKey('gurgaon')).not.toBe(phoneticKey('jurjaon'));
    // Hindi's flapped d between vowels or before h is written d or r; a final or dental d stays a d.
    expect(phoneticKey('badaimambara')).toBe(phoneticKey('baraimambara'));
    expect(phoneticKey('aligadh')).toBe(phoneticKey('aligarh'));
    expect(phoneticKey('gandhiroad')).not.toBe(phoneticKey('gandhiroar'));
    expect(phoneticKey('chandni')).not.toBe(phoneticKey('chanrni'));
    // A w after a vowel and before a consonant is the vowel's ("ow" for "au"); between vowels it is a v.
    expect(phoneticKey('kowdiar')).toBe(phoneticKey('kaudiar'));
    expect(phoneticKey('chowpatty')).toBe(phoneticKey('chaupati'));
    expect(phoneticKey('saucarpet')).toBe(phoneticKey('sowcarpet'));
    expect(phoneticKey('powai')).toBe(phoneticKey('povai'));
    expect(phoneticKey('powai')).not.toBe(phoneticKey('pai'));
    // Bengali's b for a v.
    expect(phoneticKey('basantkunj')).toBe(phoneticKey('vasantkunj'));
    expect(phoneticKey('bijaynagar')).toBe(phoneticKey('vijaynagar'));
  });
});
