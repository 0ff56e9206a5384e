// Numbers in place names however written, read by autocomplete: digits, ordinals, roman numerals beside a numbering
// word, and a numbering word glued to its number.
import { describe, expect, it } from 'vitest';
import { numberAt, numbersIn, numberSpellings } from '../../src/geocoding/numbered-names.ts';
import { tokenize } from '../../src/geocoding/normalise.ts';

const numbers = (name: string) => numbersIn(tokenize(name));

describe('numbersIn', () => {
  it('reads every way a name writes its number', () => {
    expect(numbers('Vashi Sec 26')).toEqual([26]);
    expect(numbers('Koramangala 1st Block')).toEqual([1]);
    expect(numbers('Koramangala I Block')).toEqual([1]);
    expect(numbers('Koramangala VI Bk')).toEqual([6]);
    expect(numbers('Lajpat Nagar IV')).toEqual([4]);
    expect(numbers('DLF PhIII')).toEqual([3]);
    expect(numbers('Rohini Sec17')).toEqual([17]);
    expect(numbers('BTM 2nd Stage')).toEqual([2]);
  });

  it('takes I, V and X for initials away from a numbering word', () => {
    expect(numbers('V V Puram')).toEqual([]);
    expect(numbers('I C Colony')).toEqual([]);
    expect(numbers('Sector V')).toEqual([5]);
    expect(numbers('Indiranagar')).toEqual([]);
    expect(numberAt(['phi'], 0)).toBe(1);
    expect(numberAt(['philip'], 0)).toBeNull();
  });
});

describe('numberSpellings', () => {
  it('writes a number in digits, as an ordinal and in roman numerals', () => {
    expect(numberSpellings(1)).toEqual(['1', '1st', 'i']);
    expect(numberSpellings(2)).toEqual(['2', '2nd', 'ii']);
    expect(numberSpellings(3)).toEqual(['3', '3rd', 'iii']);
    expect(numberSpellings(11)).toEqual(['11', '11th', 'xi']);
    expect(numberSpellings(22)).toEqual(['22', '22nd']);
    expect(numberSpellings(113)).toEqual(['113', '113th']);
  });
});
