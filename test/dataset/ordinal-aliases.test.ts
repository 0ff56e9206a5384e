import { describe, expect, it } from 'vitest';
import { addOrdinalAliases } from '../../src/dataset/ordinal-aliases.ts';
import type { Entry } from '../../src/dataset/place-entries.ts';
import { tokenize } from '../../src/geocoding/normalise.ts';
import { KIND, OFFICE_TYPE } from '../../src/geocoding/place-index.ts';

const place = (name: string): Entry => ({
  name,
  tokens: tokenize(name),
  aliasKeys: [],
  aliasTokens: [],
  kind: KIND.locality,
  officeType: OFFICE_TYPE.POINT,
  pin: 1,
  area: 1,
  lat: 12.9,
  lon: 77.6,
  importance: 0.3,
  prominence: 0,
});

describe('addOrdinalAliases', () => {
  it('answers an ordinal before a part word to its plain number, as the parser reads "4th Block"', () => {
    const entries = [place('Jayanagar 4th Block'), place('Sri Rampura 2nd Stage'), place('BSK 3rd stage')];
    addOrdinalAliases(entries);
    expect(entries.map((e) => e.aliasKeys)).toEqual([['jayanagar4block'], ['srirampura2stage'], ['bsk3stage']]);
  });

  it('leaves other ordinals and numbered names alone ("5th Main", "Sector 18")', () => {
    const entries = [place('Indiranagar 5th Main'), place('Sector 18'), place('1st Cross Block')];
    addOrdinalAliases(entries);
    expect(entries.map((e) => e.aliasKeys)).toEqual([[], [], []]);
  });
});
