// Month and day keys are cached per period, yet always those of the time asked about, across boundaries and clock jumps.
import { describe, expect, it } from 'vitest';
import { CalendarKeys } from '../../src/platform/plans.ts';

describe('CalendarKeys', () => {
  it('changes the month key exactly at the UTC month boundary, and the day key at UTC midnight', () => {
    const keys = new CalendarKeys();
    expect(keys.monthOf(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11');
    expect(keys.dayOf(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11-30');
    expect(keys.monthOf(new Date('2026-12-01T00:00:00.000Z'))).toBe('2026-12');
    expect(keys.dayOf(new Date('2026-12-01T00:00:00.000Z'))).toBe('2026-12-01');
    expect(keys.monthOf(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12');
    expect(keys.monthOf(new Date('2027-01-01T00:00:00.000Z'))).toBe('2027-01');
  });

  it('answers for a clock set back as for any other time', () => {
    const keys = new CalendarKeys();
    expect(keys.dayOf(new Date('2026-03-02T10:00:00Z'))).toBe('2026-03-02');
    expect(keys.dayOf(new Date('2026-02-28T10:00:00Z'))).toBe('2026-02-28');
    expect(keys.monthOf(new Date('2026-03-02T10:00:00Z'))).toBe('2026-03');
    expect(keys.monthOf(new Date('2026-02-28T10:00:00Z'))).toBe('2026-02');
  });
});
