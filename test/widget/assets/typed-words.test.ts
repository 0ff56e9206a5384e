// What the locality field holds once a suggestion is picked: its name, then the typed words it does not account for.
import { describe, expect, it } from 'vitest';
import { loadAsset } from '../support/asset-module.ts';

const { withTypedWords, numberOf, shortFor } = await loadAsset<{
  withTypedWords: (name: string, typed: string) => string;
  numberOf: (word: string) => number | null;
  shortFor: (a: string, b: string) => boolean;
}>('typed-words.js');

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
    // Two edits off a shorter word is another word (a chawl is a tenement, not a chowk).
    expect(withTypedWords('Chandni Chowk', 'Chandni Chawl')).toBe('Chandni Chowk Chawl');
  });

  it('drops a single letter only with the word beside it, so a block letter stays', () => {
    expect(withTypedWords('Sector 17', 'Sector 1')).toBe('Sector 17');
    expect(withTypedWords('Andheri East', 'Andheri E')).toBe('Andheri East');
    expect(withTypedWords('Andheri', 'Andheri Block A')).toBe('Andheri Block A');
  });

  it('drops words typed only in an Indic script when a name in Latin letters is picked for them', () => {
    // The service transliterates them: "Aminabad Park अमीना" was saved.
    expect(withTypedWords('Aminabad Park', 'अमीना')).toBe('Aminabad Park');
    expect(withTypedWords('Aminabad Park', 'अमीनाबाद 5')).toBe('Aminabad Park 5');
    expect(withTypedWords('Mylapore', 'மயிலாப்பூர்')).toBe('Mylapore');
    // Beside Latin words they may say something else, and a name in the script itself spells them as usual.
    expect(withTypedWords('Aminabad Park', 'गली Aminabad')).toBe('Aminabad Park गली');
    expect(withTypedWords('अमीनाबाद', 'अमीना गली')).toBe('अमीनाबाद गली');
  });

  it('ignores case, dots, commas and extra spaces in what was typed, and keeps the kept words as typed', () => {
    expect(withTypedWords('Koramangala', '  koramangala,  5th   Block ')).toBe('Koramangala 5th Block');
    expect(withTypedWords('Indiranagar', 'indira nagar, Lucknow')).toBe('Indiranagar Lucknow');
  });
});

describe('numberOf', () => {
  it('reads a number written in digits, as an ordinal, a roman numeral or a word', () => {
    const read = (words: string[]) => words.map(numberOf);
    expect(read(['1', '1st', 'i', 'first'])).toEqual([1, 1, 1, 1]);
    expect(read(['2nd', 'ii', 'second', '3rd', 'iii', '4th', 'iv', 'vi', '6th', 'ix', 'xii', '17'])).toEqual([
      2, 2, 2, 3, 3, 4, 4, 6, 6, 9, 12, 17,
    ]);
    expect(read(['block', 'civil', 'vashi', 'mix', '4b', ''])).toEqual([null, null, null, null, null, null]);
  });
});

describe('shortFor', () => {
  it('is true when one word has the first letter and, in order, letters of the other', () => {
    const pairs = [
      ['blk', 'block'],
      ['ngr', 'nagar'],
      ['sec', 'sector'],
      ['ph', 'phase'],
      ['rd', 'road'],
      ['extn', 'extension'],
      ['chk', 'chowk'],
      ['stg', 'stage'],
      ['bk', 'blk'],
      ['block', 'bk'],
    ];
    expect(pairs.filter(([a, b]) => !shortFor(a!, b!))).toEqual([]);
  });

  it('is false for the same word, one letter, another first letter or letters out of order', () => {
    const pairs = [
      ['nagar', 'nagar'],
      ['b', 'block'],
      ['lk', 'block'],
      ['bkl', 'block'],
    ];
    expect(pairs.filter(([a, b]) => shortFor(a!, b!))).toEqual([]);
  });
});

describe('withTypedWords, for words the name says another way', () => {
  it('drops an abbreviation, or a number written otherwise, of a word of the name', () => {
    const picks: Array<[name: string, typed: string]> = [
      ['Koramangala I Block', 'koramangla 1st blk'],
      ['Koramangala I Block', 'koramangala block 1'],
      ['Koramangala VI Bk', 'koramangala 6th block'],
      ['Laxmi Nagar', 'laxmi ngr'],
      ['Laxmi Nagar Extension', 'Laxmi Ngr Extn'],
      ['DLF Phase 1', 'dlf ph 1'],
      ['Vashi Sector 17', 'vashi sec 17'],
      ['H A L II Stage', 'hal 2nd stg'],
      ['Indiranagar II Stage', 'indiranagar second stage'],
      ['MG Road', 'mg rd'],
      ['Chandni Chowk', 'Chandni Chk'],
    ];
    expect(picks.map(([name, typed]) => withTypedWords(name, typed))).toEqual(picks.map(([name]) => name));
  });

  it('keeps words the name does not say: another number, a flat, a landmark, and words that locate', () => {
    expect(withTypedWords('Laxmi Nagar', 'laxmi ngr near temple')).toBe('Laxmi Nagar near temple');
    expect(withTypedWords('Laxmi Nagar', 'laxmi nagar nr metro')).toBe('Laxmi Nagar nr metro');
    // "nr" is near, though "Nagar" is still unclaimed: the buyer wrote a place next to it.
    expect(withTypedWords('Laxmi Nagar', 'Laxmi nr temple')).toBe('Laxmi Nagar nr temple');
    expect(withTypedWords('Koramangala I Block', 'koramangala 1st block flat 4b')).toBe('Koramangala I Block flat 4b');
    // Another block or sector than the name's stays, for the buyer to see the two disagree.
    expect(withTypedWords('Koramangala I Block', 'koramangala 5th block')).toBe('Koramangala I Block 5th');
    expect(withTypedWords('Vashi Sec 26', 'vashi sec 17')).toBe('Vashi Sec 26 17');
    // A name without the typed block says nothing of it.
    expect(withTypedWords('Koramangala', 'koramangla 1st blk')).toBe('Koramangala 1st blk');
  });

  it('lets each word of the name stand for one typed word only', () => {
    // "Sector" is spelled out already, so "sco" (a shop-cum-office) is not read as short for it.
    expect(withTypedWords('Sector 17', 'sector 17 sco 42')).toBe('Sector 17 sco 42');
    // The phase's 1 is taken by the first "1": the house number stays.
    expect(withTypedWords('DLF Phase 1', 'dlf phase 1 house 1')).toBe('DLF Phase 1 house 1');
    expect(withTypedWords('Laxmi Nagar', 'laxmi ngr ngr')).toBe('Laxmi Nagar ngr');
  });
});
