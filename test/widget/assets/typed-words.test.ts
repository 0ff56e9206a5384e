// What the locality field holds once a suggestion is picked: its name, then the typed words it does not account for.
import { describe, expect, it } from 'vitest';
import { loadAsset } from '../support/asset-module.ts';

const { withTypedWords } = await loadAsset<{ withTypedWords: (name: string, typed: string) => string }>(
  'typed-words.js',
);

describe('withTypedWords', () => {
  it('keeps the words typed after the place, in the order typed', () => {
    expect(withTypedWords('Sector 17', 'Sector 17 Vashi')).toBe('Sector 17 Vashi');
    expect(withTypedWords('Vashi', 'Vashi Plaza Sector 17')).toBe('Vashi Plaza Sector 17');
    // Words typed before the place's own go after its name.
    expect(withTypedWords('Vashi', 'Sector 17 Vashi')).toBe('Vashi Sector 17');
  });

  it('drops the words the name holds run together or that it completes', () => {
    expect(withTypedWords('Indiranagar', 'Indira Nagar Lucknow')).toBe('Indiranagar Lucknow');
    expect(withTypedWords('Koramangala', 'Koram')).toBe('Koramangala');
    expect(withTypedWords('Indiranagar', 'Indiranagar')).toBe('Indiranagar');
    expect(withTypedWords('T. Nagar', 't nag')).toBe('T. Nagar');
  });

  it("drops a word one edit off one of the name's words, two from eight letters", () => {
    expect(withTypedWords('Koramangala', 'Koramangla 5th block')).toBe('Koramangala 5th block');
    expect(withTypedWords('Chandni Chowk', 'Chandni Chok')).toBe('Chandni Chowk');
    expect(withTypedWords('Koramangala', 'Koramngla')).toBe('Koramangala');
    // Two edits off a shorter word is another word.
    expect(withTypedWords('Chandni Chowk', 'Chandni Chk')).toBe('Chandni Chowk Chk');
  });

  it('drops a single letter only with the word beside it, so a block letter stays', () => {
    expect(withTypedWords('Sector 17', 'Sector 1')).toBe('Sector 17');
    expect(withTypedWords('Andheri East', 'Andheri E')).toBe('Andheri East');
    expect(withTypedWords('Andheri', 'Andheri Block A')).toBe('Andheri Block A');
  });

  it('ignores case, dots, commas and extra spaces in what was typed, and keeps the kept words as typed', () => {
    expect(withTypedWords('Koramangala', '  koramangala,  5th   Block ')).toBe('Koramangala 5th Block');
    expect(withTypedWords('Indiranagar', 'indira nagar, Lucknow')).toBe('Indiranagar Lucknow');
  });
});
