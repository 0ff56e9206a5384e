import { describe, expect, it } from 'vitest';
import { addOrdinalAliases } from '../../src/dataset/ordinal-aliases.ts';
import { placeEntry as place } from './support.ts';

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
