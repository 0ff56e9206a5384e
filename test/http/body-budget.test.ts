// The body budget of an HTTP thread: a bound for all held bodies and one per peer, given back exactly on release.
import { describe, expect, it } from 'vitest';
import { BodyBudget } from '../../src/http/body-budget.ts';

describe('BodyBudget', () => {
  it("refuses past the total, and past one peer's share while other peers still get theirs", () => {
    const budget = new BodyBudget(100, 40);
    expect(budget.take(30, 'a')).toBe('taken');
    expect(budget.take(20, 'a')).toBe('peer_full');
    expect(budget.take(40, 'b')).toBe('taken');
    expect(budget.take(25, null)).toBe('taken');
    expect(budget.take(10, 'c')).toBe('full');
  });

  it('gives bytes back to the total and to the peer, so both can be taken again', () => {
    const budget = new BodyBudget(100, 40);
    budget.take(40, 'a');
    budget.take(60, null);
    budget.release(40, 'a');
    expect(budget.take(40, 'a')).toBe('taken');
    budget.release(60, null);
    expect(budget.take(60, 'b')).toBe('peer_full');
    expect(budget.take(40, 'b')).toBe('taken');
  });
});
