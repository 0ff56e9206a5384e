// extend(): the same fields as a spread, in one hidden class however many objects it makes.
import { setFlagsFromString } from 'node:v8';
import { runInThisContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { extend } from '../../src/kernel/extend.ts';

setFlagsFromString('--allow-natives-syntax');
// Natives syntax is read only by source compiled after the flag is set.
const sameMap = runInThisContext('(a, b) => %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

describe('extend', () => {
  it("has the spread's fields, values and order, the extra's winning", () => {
    const base = { id: 'm_1', name: 'Shop', actor: 'old' };
    expect(extend(base, { actor: 'api key', plan: 2 })).toStrictEqual({ ...base, actor: 'api key', plan: 2 });
    expect(Object.keys(extend(base, { plan: 2 }))).toEqual(['id', 'name', 'actor', 'plan']);
    expect(base.actor).toBe('old');
  });

  it('makes objects of one map, where a literal starting with a spread makes a new map nearly every time', () => {
    const made = Array.from({ length: 1000 }, (_, i) =>
      extend({ id: `m_${i}`, open: i % 2 === 0 }, { actor: `k${i}` }),
    );
    expect(made.every((o) => sameMap(o, made[0]!))).toBe(true);
  });
});
