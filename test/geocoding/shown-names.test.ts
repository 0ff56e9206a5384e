// What an answer calls a place (src/geocoding/shown-names.ts).
import { describe, expect, it } from 'vitest';
import { officePlaceName, shownPlaceName, tidyPlaceName } from '../../src/geocoding/shown-names.ts';

describe('shown place names', () => {
  it('strips office types, their tags and qualifiers from post-office names', () => {
    expect(officePlaceName('Indiranagar S.O (Bengaluru)')).toBe('Indiranagar');
    expect(officePlaceName('Patel Nagar SO Central Delhi')).toBe('Patel Nagar');
    expect(officePlaceName('Rampur B.O.')).toBe('Rampur');
    expect(officePlaceName('SO Road')).toBe('SO Road');
    expect(officePlaceName('Badrinath Seasonal SO')).toBe('Badrinath');
    expect(shownPlaceName('KORAMANGALA VI BK S.O', true)).toBe('Koramangala VI BK');
    expect(shownPlaceName('KORAMANGALA VI BK S.O', false)).toBe('Koramangala VI BK S.O');
  });

  it('writes acronyms in capitals, whole words only, also spelt out letter by letter', () => {
    for (const [raw, shown] of [
      ['Iit', 'IIT'],
      ['Powai Iit', 'Powai IIT'],
      ['Aiims', 'AIIMS'],
      ['Biit Road', 'Biit Road'],
      ['Iit2 Road', 'Iit 2 Road'],
      ['I I T', 'IIT'],
      ['I.I.T. Kanpur', 'IIT Kanpur'],
      ['J P Nagar', 'J P Nagar'],
    ])
      expect([raw, tidyPlaceName(raw!)]).toEqual([raw, shown]);
  });

  it('writes directory names as people do: title case for capitals or small letters, initials and numerals kept', () => {
    for (const [raw, shown] of [
      ['VASANTHNAGAR', 'Vasanthnagar'],
      ['Vasant Vihar1', 'Vasant Vihar 1'],
      ['T.NAGAR', 'T.Nagar'],
      ['MG ROAD', 'MG Road'],
      ['KORAMANGALA VI BLOCK', 'Koramangala VI Block'],
      ['ST.THOMAS MOUNT', 'St.Thomas Mount'],
      ['Koramangala VI Bk', 'Koramangala VI Bk'],
      ['Sector 62', 'Sector 62'],
      ['B1 Block', 'B1 Block'],
      ['hanuman mandir', 'Hanuman Mandir'],
      ['shiv mandir sector ii', 'Shiv Mandir Sector II'],
      ['Durga mandir', 'Durga mandir'],
    ])
      expect([raw, tidyPlaceName(raw!)]).toEqual([raw, shown]);
  });
});
