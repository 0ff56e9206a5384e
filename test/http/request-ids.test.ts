// Request ids a thread generates: unique, fixed width, and the in-place bytes of the latest one spell its text.
import { describe, expect, it } from 'vitest';
import { RequestIds } from '../../src/http/request-ids.ts';

describe('RequestIds', () => {
  it('numbers ids from 1, each with its own fixed-width text, through every carry of the counter', () => {
    const ids = new RequestIds();
    const seen = new Set<string>();
    for (let i = 1; i <= 12_345; i++) {
      const n = ids.next();
      expect(n).toBe(i);
      const text = ids.text(n);
      expect(Buffer.from(ids.value(n) as Uint8Array).toString('latin1')).toBe(text);
      seen.add(text);
    }
    expect(seen.size).toBe(12_345);
    expect(new Set([...seen].map((t) => t.length))).toEqual(new Set([22]));
  });

  it('gives an older id as its text once a newer one was made', () => {
    const ids = new RequestIds();
    const first = ids.next();
    const second = ids.next();
    expect(ids.value(first)).toBe(ids.text(first));
    expect(ids.text(first)).not.toBe(ids.text(second));
  });

  it("keeps a caller's short token and refuses anything else", () => {
    expect(RequestIds.given('req-42.a:b')).toBe('req-42.a:b');
    for (const bad of [undefined, '', 'x'.repeat(65), 'has space', 'line\nbreak', 'ünicode'])
      expect(RequestIds.given(bad)).toBeNull();
  });
});
