// Tables of a geocoding evaluation: right pincode per category, wrong-but-confident share, calibration buckets and ECE.

/** One scored answer. */
export interface Outcome {
  category: string;
  answered: boolean;
  correct: boolean;
  confidence: number;
  /** km from the answer to the expected pincode's point (Infinity without an answer). */
  errorKm: number;
  /** Warnings the answer carried. */
  warnings: string[];
  /** The warning the row must carry, or null. */
  expectedWarning: string | null;
}

const pct = (n: number, d: number) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`);

function median(xs: number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
}

/** Right pincode and confident-wrong share per category, for one or more named sets side by side. */
export function categoryTable(sets: Array<[name: string, outcomes: Outcome[]]>): string {
  const cats = [...new Set(sets.flatMap(([, os]) => os.map((o) => o.category))), 'all'];
  const head = `| category | ${sets.map(([n]) => `${n}: n | right | wrong at >= 0.8 | median km`).join(' | ')} |`;
  const rule = `|---|${sets.map(() => '--:|--:|--:|--:').join('|')}|`;
  const rows = cats.map((cat) => {
    const cells = sets.map(([, os]) => {
      const rs = os.filter((o) => cat === 'all' || o.category === cat);
      const confidentWrong = rs.filter((o) => o.answered && !o.correct && o.confidence >= 0.8).length;
      return `${rs.length} | ${pct(rs.filter((o) => o.correct).length, rs.length)} | ${pct(confidentWrong, rs.length)} | ${median(rs.map((o) => o.errorKm)).toFixed(1)}`;
    });
    return `| ${cat} | ${cells.join(' | ')} |`;
  });
  return [head, rule, ...rows].join('\n');
}

const BANDS: Array<[number, number]> = [
  [0.9, 1.01],
  [0.8, 0.9],
  [0.7, 0.8],
  [0.6, 0.7],
  [0.4, 0.6],
  [0.2, 0.4],
  [0, 0.2],
];

/** Answers per confidence band: share right, median error, far-off count; then the expected calibration error. */
export function calibrationTable(outcomes: Outcome[]): string {
  const lines = [
    '| confidence | answers | right pincode | mean confidence | median error km | > 25 km off |',
    '|---|--:|--:|--:|--:|--:|',
  ];
  let ece = 0;
  const answered = outcomes.filter((o) => o.answered);
  for (const [lo, hi] of BANDS) {
    const rs = answered.filter((o) => o.confidence >= lo && o.confidence < hi);
    const right = rs.filter((o) => o.correct).length;
    const meanConf = rs.reduce((s, o) => s + o.confidence, 0) / Math.max(1, rs.length);
    if (rs.length > 0) ece += (rs.length / answered.length) * Math.abs(right / rs.length - meanConf);
    lines.push(
      `| ${lo.toFixed(1)}-${Math.min(1, hi).toFixed(1)} | ${rs.length} | ${pct(right, rs.length)} | ${rs.length ? meanConf.toFixed(2) : '-'} | ${median(rs.map((o) => o.errorKm)).toFixed(1)} | ${rs.filter((o) => o.errorKm > 25).length} |`,
    );
  }
  lines.push(`| no answer | ${outcomes.length - answered.length} | | | | |`);
  lines.push('', `Expected calibration error (answers weighted per band): ${ece.toFixed(3)}`);
  return lines.join('\n');
}

/** Flagged share of the rows that must carry a warning, and false flags on the rows that must not. */
export function warningSummary(outcomes: Outcome[]): string {
  const must = outcomes.filter((o) => o.expectedWarning !== null);
  const flagged = must.filter((o) => o.warnings.includes(o.expectedWarning!)).length;
  const anyFlag = must.filter((o) => o.warnings.length > 0).length;
  const clean = outcomes.filter((o) => o.expectedWarning === null);
  const falseFlags = clean.filter((o) => o.warnings.length > 0).length;
  const confidentFar = outcomes.filter((o) => o.answered && o.confidence >= 0.8 && o.errorKm > 25).length;
  const byKind = new Map<string, number>();
  for (const o of clean)
    for (const w of o.warnings) byKind.set(`${w} (${o.category})`, (byKind.get(`${w} (${o.category})`) ?? 0) + 1);
  return [
    `Mistyped pincode/city/state flagged with the expected warning: ${flagged}/${must.length} (${pct(flagged, must.length)}); with any warning: ${pct(anyFlag, must.length)}`,
    `Warnings on rows that have none to carry: ${falseFlags}/${clean.length} (${pct(falseFlags, clean.length)})${byKind.size ? `: ${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ')}` : ''}`,
    `Wrong pincode at confidence >= 0.8: ${pct(outcomes.filter((o) => o.answered && !o.correct && o.confidence >= 0.8).length, outcomes.length)} of rows; answers at >= 0.8 more than 25 km off: ${confidentFar}`,
  ].join('\n');
}
