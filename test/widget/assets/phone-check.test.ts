// The widget's phone check says at once what the service would refuse: the same numbers pass both, the rest neither.
import { describe, expect, it } from 'vitest';
import { toE164 } from '../../../src/checkout/phone.ts';
import { loadAsset } from '../support/asset-module.ts';

const { phoneProblem } = await loadAsset<{ phoneProblem: (typed: string) => string | null }>('phone-check.js');

const TYPED = [
  '98450 12345',
  '098450 12345',
  '+91 98450 12345',
  '+91 (0) 98450 12345',
  '0091 98450 12345',
  '919845012345',
  '9198765432',
  '+91 22 2351 0000',
  '080-2553 1234',
  '+44 20 7946 0000',
  '0044 20 7946 0000',
  '98400 123456',
  '98400 1234',
  '+91 98400 123456',
  '0 0984 0123 45',
  '00000 00000',
  '+91 09845012345',
  '9845O12345',
  '+9',
  '+1234567',
  '12345',
];

describe('phoneProblem', () => {
  it('passes exactly the numbers the service stores', () => {
    for (const typed of TYPED)
      expect({ typed, ok: phoneProblem(typed) === null }).toEqual({ typed, ok: toE164(typed) !== null });
  });

  it('says what is wrong in words a buyer can act on', () => {
    expect(phoneProblem('98400 123456')).toBe('That is more than 10 digits: check the number');
    expect(phoneProblem('98400 1234')).toBe('Enter all 10 digits');
    expect(phoneProblem('9845O12345')).toBe('Enter digits only: 10 of them, with 0 or +91 before them if you like');
    expect(phoneProblem('+9')).toBe('Enter the country code and number, e.g. +44 20 7946 0000');
  });
});
