// Exact lookup in a large string list by an open-addressing hash table: a probe or two in one cache line, where a
// binary search misses the caches at each of its last steps (a geocode's lookups find the index cold, not warm).

/** A 32-bit FNV-1a hash of the string's UTF-16 code units. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/** Slots filled at most this much, so a probe sequence stays short. */
const MAX_LOAD = 0.7;

/** Index of each string of a list (the first, when one repeats), or -1. */
export class StringHash {
  /** Slot s is [hash, item index + 1] at 2s, 2s + 1; 0 as the index marks it empty. */
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(private readonly items: readonly string[]) {
    let size = 1;
    while (size * MAX_LOAD < items.length) size <<= 1;
    this.mask = size - 1;
    this.slots = new Int32Array(2 * size);
    for (let i = 0; i < items.length; i++) {
      const hash = hashOf(items[i]!);
      const s = this.find(items[i]!, hash);
      if (this.slots[2 * s + 1] === 0) {
        this.slots[2 * s] = hash;
        this.slots[2 * s + 1] = i + 1;
      }
    }
  }

  indexOf(value: string): number {
    return this.slots[2 * this.find(value, hashOf(value)) + 1]! - 1;
  }

  /** The slot holding `value`, or the empty one where it would go. Only a slot of the same hash reads its string. */
  private find(value: string, hash: number): number {
    for (let s = hash & this.mask; ; s = (s + 1) & this.mask) {
      const item = this.slots[2 * s + 1]!;
      if (item === 0 || (this.slots[2 * s] === hash && this.items[item - 1] === value)) return s;
    }
  }
}
