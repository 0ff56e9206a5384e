// A FIFO async lock: SQLite has one connection, so a transaction that spans awaits must keep other statements out.

export class Mutex {
  private held = false;
  private readonly waiters: Array<() => void> = [];

  /** True when nobody holds the lock: the caller may run synchronously without acquiring it. */
  get free(): boolean {
    return !this.held;
  }

  /** Resolves once the lock is ours; call `release` exactly once afterwards. */
  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
  }
}
