// Request ids: the caller's X-Request-Id when it is a short token, else one this thread generates. A generated id is a
// random prefix and a fixed-width counter whose bytes are kept up to date in place, so the reply header is written from
// them; the id becomes a string only when something reads it (a log line, another thread).

const SANE_ID = /^[\w.:-]{1,64}$/;
/** Counter digits: 10^15 ids, a century at 100k a second. */
const DIGITS = 15;

export class RequestIds {
  private readonly prefix = Math.random().toString(36).slice(2, 8).padEnd(6, '0');
  private count = 0;
  /** `prefix-` and the counter's digits, ASCII: the bytes of the latest id. */
  private readonly latest: Buffer;

  constructor() {
    this.latest = Buffer.from(`${this.prefix}-${'0'.repeat(DIGITS)}`, 'latin1');
  }

  /** The caller's id when sane, else null (then the request gets `next()`). */
  static given(header: string | undefined): string | null {
    return header !== undefined && SANE_ID.test(header) ? header : null;
  }

  /** A new id's number (from 1). */
  next(): number {
    const digits = this.latest;
    let at = digits.length - 1;
    while (digits[at] === 0x39) digits[at--] = 0x30;
    digits[at]!++;
    return ++this.count;
  }

  text(n: number): string {
    return `${this.prefix}-${String(n).padStart(DIGITS, '0')}`;
  }

  /** Id `n` as a header value: its bytes while it is still the latest id, else its text. */
  value(n: number): Uint8Array | string {
    return n === this.count ? this.latest : this.text(n);
  }
}
