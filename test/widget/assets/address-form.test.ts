// The city the address form fills from the directory: the town India Post names in brackets after the office.
import { describe, expect, it } from 'vitest';
import { loadAsset } from '../support/asset-module.ts';

const { cityOfOffice } = await loadAsset<{ cityOfOffice: (name: string | null | undefined) => string }>(
  'address-form.js',
);

describe('cityOfOffice', () => {
  it('takes the bracketed town, not the district', () => {
    expect(cityOfOffice('Indiranagar S.O (Bengaluru)')).toBe('Bengaluru');
    expect(cityOfOffice('Connaught Place S.O')).toBe('');
    expect(cityOfOffice(null)).toBe('');
  });
});
