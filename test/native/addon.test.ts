// The addon's errors carry their stable code as the `code` property (as better-sqlite3 sets `code`), not inside the text.
import { describe, expect, it } from 'vitest';
import { callNative, GeoError, native } from '../../src/native/addon.ts';

function thrown(call: () => unknown): Error & { code?: unknown } {
  try {
    call();
  } catch (err) {
    return err as Error & { code?: unknown };
  }
  throw new Error('expected a throw');
}

describe('native errors', () => {
  it('reach JS with code and message apart, from napi-rs exports and from the hand-written ones', () => {
    const decoded = thrown(() => native.decode('not a code'));
    expect([decoded.code, decoded.message.includes('|')]).toEqual(['E_INVALID_CHAR', false]);
    const encoded = thrown(() => native.encode(91, 77));
    expect(encoded.code).toBe('E_LATITUDE_OUT_OF_RANGE');
    expect(encoded.message).toBe('Latitude out of range');
    expect(thrown(() => native.lookupIn(Number.NaN, 12, 77)).code).toBe('E_INVALID_ARGUMENT');
    expect(thrown(() => native.encodeMany(new Float64Array(3))).code).toBe('E_BAD_BATCH');
  });

  it('refuse an answer written over its own request body, or into anything but bytes', () => {
    const bytes = Buffer.alloc(64);
    const words = new Uint16Array(8) as unknown as Uint8Array;
    for (const call of [
      () => native.answerIn(0, bytes, bytes),
      () => native.answerIn(0, bytes.subarray(0, 8), bytes.subarray(4)),
      () => native.answerIn(0, bytes, words),
      () => native.answerIn(-1, bytes.subarray(0, 8), bytes.subarray(8)),
    ]) {
      const err = thrown(call);
      expect([err.code, err.message]).toEqual([
        'E_INVALID_ARGUMENT',
        'answerIn(slot, body, out) takes a slot number and two separate Uint8Arrays',
      ]);
    }
  });

  it('become GeoError through callNative, other errors unchanged', () => {
    const err = thrown(() => callNative(() => native.decode('not a code')));
    expect(err).toBeInstanceOf(GeoError);
    expect(err.code).toBe('E_INVALID_CHAR');
    const plain = new TypeError('x');
    expect(
      thrown(() =>
        callNative(() => {
          throw plain;
        }),
      ),
    ).toBe(plain);
  });
});
