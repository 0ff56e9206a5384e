// A seeded random source for the fuzzer (bench's mulberry32), with picks, tokens and multi-script text.
import { mulberry32 } from '../../../bench/seeded.ts';

/** Code points people and attackers both send: Latin, Devanagari, Arabic, Hebrew, CJK, emoji, combining marks, ZWJ, BOM, bidi controls. */
const SCRIPTS: Array<[number, number]> = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x900, 0x97f],
  [0x600, 0x6ff],
  [0x5d0, 0x5ea],
  [0x4e00, 0x4fff],
  [0x1f600, 0x1f64f],
  [0x300, 0x36f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0xfeff, 0xfeff],
];

/** The same seed always yields the same run, so a failure reproduces with FUZZ_SEED. */
export class Rng {
  readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  token(prefix: string): string {
    return (
      prefix + Array.from({ length: 24 }, () => this.pick('abcdefghijklmnopqrstuvwxyz0123456789'.split(''))).join('')
    );
  }
}

/** `n` random code points from SCRIPTS: valid text that exercises normalisation, folding and matching. */
export function randomText(rng: Rng, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) {
    const [lo, hi] = rng.pick(SCRIPTS);
    out += String.fromCodePoint(lo + rng.int(hi - lo + 1));
  }
  return out;
}
