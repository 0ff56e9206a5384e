// Low-level parsing: CSV lines with quotes, and the directory's raw coordinate strings.
import { describe, expect, it } from 'vitest';
import { checkCoordinate } from '../../src/dataset/coordinates.ts';
import { parseCsvLine } from '../../src/dataset/lines.ts';

describe('CSV lines', () => {
  it('splits plain, quoted, escaped and empty fields', () => {
    expect(parseCsvLine('151007,1,"Air Force Station, Bhisiana",Bhatinda', 'x')).toEqual([
      '151007',
      '1',
      'Air Force Station, Bhisiana',
      'Bhatinda',
    ]);
    expect(parseCsvLine('a,"say ""hi""",,', 'x')).toEqual(['a', 'say "hi"', '', '']);
  });

  it('rejects an unterminated quote, naming the line', () => {
    expect(() => parseCsvLine('a,"open', 'crosswalk line 9')).toThrow('crosswalk line 9: unterminated quoted field');
  });
});

describe('office coordinates', () => {
  it('keeps plain decimals inside India', () => {
    expect(checkCoordinate('28.6174167', '77.2129167')).toEqual({ kind: 'ok', lat: 28.6174167, lon: 77.2129167 });
  });

  it('swaps latitude and longitude back when only the swapped pair is inside India', () => {
    expect(checkCoordinate('77.26', '30.12')).toEqual({ kind: 'swapped', lat: 30.12, lon: 77.26 });
  });

  it('drops NA, DMS and other strings, 0,0 and points outside India', () => {
    expect(checkCoordinate('NA', 'NA').kind).toBe('missing');
    expect(checkCoordinate("17°57'17.7", '78.1').kind).toBe('malformed');
    expect(checkCoordinate('28.430354° N', '77.1').kind).toBe('malformed');
    expect(checkCoordinate('28.4 32628', '77.1').kind).toBe('malformed');
    expect(checkCoordinate('0', '0').kind).toBe('zero');
    expect(checkCoordinate('51.5', '-0.12')).toEqual({ kind: 'outside_india', lat: null, lon: null });
  });
});
