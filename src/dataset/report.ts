// Collects what the build fixed, skipped and derived, for the manifest summary and the final stderr report.

/** One input item the build left out, with the reason. */
export interface SkippedItem {
  what: string;
  where: string;
  reason: string;
}

/** The manifest's `summary` block; key order is fixed so manifests are byte-stable. */
export interface BuildSummary {
  fixed: Record<string, number>;
  skipped: SkippedItem[];
  derived: Record<string, number | string[]>;
  notes: string[];
}

/** Mutable collector passed through the pipeline steps. */
export class Report {
  private readonly fixed = new Map<string, number>();
  private readonly skipped: SkippedItem[] = [];
  private readonly derived = new Map<string, number | string[]>();
  private readonly notes: string[] = [];

  private readonly started = performance.now();

  constructor(private readonly quiet = false) {}

  /** Counts `n` repairs of one kind (reversed rings, dropped duplicate vertices, swapped coordinates...). */
  fix(kind: string, n = 1): void {
    if (n > 0) this.fixed.set(kind, (this.fixed.get(kind) ?? 0) + n);
  }

  /** Records an input item that was left out; never silent. */
  skip(what: string, where: string, reason: string): void {
    this.skipped.push({ what, where, reason });
  }

  /** Records a derived count or list (e.g. pincodes whose state came from the state polygons). */
  derive(kind: string, value: number | string[]): void {
    this.derived.set(kind, value);
  }

  /** A free-form remark about the inputs (e.g. "no directory: state and district are null"). */
  note(text: string): void {
    this.notes.push(text);
  }

  /** Progress line on stderr, with the seconds since the build started (never in the manifest). */
  progress(text: string): void {
    const seconds = ((performance.now() - this.started) / 1000).toFixed(1).padStart(5);
    if (!this.quiet) process.stderr.write(`[${seconds} s] ${text}\n`);
  }

  toJSON(): BuildSummary {
    return {
      fixed: Object.fromEntries([...this.fixed].sort(([a], [b]) => (a < b ? -1 : 1))),
      skipped: [...this.skipped],
      derived: Object.fromEntries([...this.derived].sort(([a], [b]) => (a < b ? -1 : 1))),
      notes: [...this.notes],
    };
  }
}
