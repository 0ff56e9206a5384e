// `npm run eval:geocode`: accuracy per category, calibration, warnings and latency on the own set and the buyers' two halves.
import { LocationService } from '../src/geocoding/location-service.ts';
import { loadEvalSet, score, type Scored } from '../test/fixtures/geocode-eval.ts';
import { loadBuyerSet } from '../test/fixtures/buyers-eval.ts';
import { scoreBuyer } from '../test/fixtures/buyers-score.ts';
import { calibrationTable, categoryTable, warningSummary, type Outcome } from './eval-report.ts';

const dir = process.env.GEO_DATA_DIR ?? 'data/build';
const service = LocationService.open(dir);
const cases = loadEvalSet();
const verbose = process.argv.includes('--misses');

const results: Scored[] = cases.map((c) =>
  score(c, service.geocode({ address: c.address, city: c.city, state: c.state })),
);
const asOutcome = (r: Scored): Outcome => ({
  category: r.c.category,
  answered: r.level !== 'none',
  correct: r.correct,
  confidence: r.confidence,
  errorKm: r.errorKm,
  warnings: [],
  expectedWarning: null,
});

console.log(
  `\nGeocoding evaluation: ${cases.length} addresses (test/fixtures/geocode-eval.tsv, the project's own set), dataset ${dir}\n`,
);
console.log(categoryTable([['own set', results.map(asOutcome)]]));
const certain = results.filter((r) => !r.c.doubtful);
console.log(
  `\nWithout the ${results.length - certain.length} rows marked doubtful: ${certain.filter((r) => r.correct).length}/${certain.length} right\n`,
);
console.log(calibrationTable(results.map(asOutcome)));
const farConfident = results.filter((r) => r.confidence >= 0.6 && r.errorKm > 25);
console.log(`\nAnswers with confidence >= 0.6 more than 25 km off: ${farConfident.length}`);
for (const r of farConfident)
  console.log(`  ${r.c.address} | ${r.c.city ?? ''} -> ${r.pincode} (${r.confidence}, ${r.errorKm.toFixed(0)} km)`);

const buyers = loadBuyerSet();
const scored = buyers.map((c) => ({ c, o: scoreBuyer(service, c) }));
const tune = scored.filter((s) => s.c.half === 'tune').map((s) => s.o);
const held = scored.filter((s) => s.c.half === 'held').map((s) => s.o);
console.log(
  `\nBuyers' set: ${buyers.length} addresses (test/fixtures/geocode-eval-buyers.tsv), tuning half and held-out half\n`,
);
console.log(
  categoryTable([
    ['tuning', tune],
    ['held out', held],
  ]),
);
console.log('\nHeld-out half:\n');
console.log(calibrationTable(held));
console.log(warningSummary(held));
console.log('\nTuning half:\n');
console.log(calibrationTable(tune));
console.log(warningSummary(tune));

if (verbose) {
  console.log('\nMisses of the own set:');
  for (const r of results.filter((x) => !x.correct)) {
    console.log(
      `  [${r.c.category}] ${r.c.address}${r.c.city ? ` | ${r.c.city}` : ''} -> ${r.pincode} ${r.level} ${r.confidence} (${r.errorKm.toFixed(1)} km) want ${r.c.pincodes.join('|')}${r.c.doubtful ? ' (doubtful)' : ''}`,
    );
  }
  // Only the tuning half's misses are ever printed: the held-out half stays unread.
  console.log("\nMisses of the buyers' tuning half (wrong pincode, or a missing or extra warning):");
  for (const { c, o } of scored.filter((s) => s.c.half === 'tune')) {
    const warned = c.warning === null ? o.warnings.length === 0 : o.warnings.includes(c.warning);
    if (o.correct && warned) continue;
    const given = [c.city, c.state, c.pincode].filter(Boolean).join(' | ');
    console.log(
      `  [${c.category}] ${c.address}${given ? ` | ${given}` : ''} -> ${o.pincode} ${o.confidence} [${o.warnings.join(',')}] (${o.errorKm.toFixed(1)} km) want ${c.pincodes.join('|')}${c.warning ? ` ${c.warning}` : ''}`,
    );
  }
}

/**
 * Per-call latency over `rounds` passes of `inputs` after one warm-up pass: percentiles of every call, and of each
 * input's fastest call (its cost without scheduler and GC noise, which dominate raw p99 on a shared machine).
 */
function latency(name: string, inputs: Array<() => unknown>, rounds: number): void {
  // Three warm-up passes: V8 compiles the hot functions in the first ones.
  for (let r = 0; r < 3; r++) for (const f of inputs) f();
  const times: number[] = [];
  const best = inputs.map(() => Infinity);
  for (let r = 0; r < rounds; r++) {
    inputs.forEach((f, i) => {
      const t = performance.now();
      f();
      const ms = performance.now() - t;
      times.push(ms);
      best[i] = Math.min(best[i]!, ms);
    });
  }
  const p = (xs: number[], q: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!.toFixed(3);
  console.log(
    `| ${name} | ${times.length} | ${p(times, 0.5)} | ${p(times, 0.99)} | ${p(best, 0.5)} | ${p(best, 0.99)} | ${Math.max(...best).toFixed(3)} |`,
  );
}

const junk = 'Flat 12 near the big blue gate opposite old temple behind school main road cross lane '.repeat(6);
const hostileGeocode = [
  { address: 'k '.repeat(250) },
  { address: junk },
  { address: 'a, '.repeat(160) },
  { address: 'qwzrtplkj '.repeat(50) },
  { address: 'Rampur Rampur Rampur Rampur Rampur Rampur Rampur Rampur Rampur', city: 'Rampur' },
  { address: '123456 '.repeat(60) },
];
const hostileComplete = [
  'k k k k k k k k k k k k k k k k k k k k k k k k k k k k k k k k k k k k k k k k k k k k k k k k k k',
  'a'.repeat(100),
  'ram ram ram ram ram ram ram ram ram ram ram ram ram ram ram ram ram ram ram ram ram ram ram ram ram',
  'nagar colony road street sector block phase main cross lane',
  'xqzxqzxqzxqzxqzxqz qzxqzxqz zqxzqxzq',
];
const prefixes = [
  'ind',
  'indira',
  'kora',
  'koramangla',
  'andheri e',
  'bandra',
  'gurg',
  'noida sec',
  'chenn',
  'hyderab',
  'salt lake',
  'connaught',
  'mysur',
  'kochi',
  'pune',
  'thane',
  'howrah',
  'sri',
  'ram',
  'new delhi',
  'bengalru',
  'bangalor',
  'lucknow',
  'patna',
  'jaipur',
  'karol bagh',
];

console.log('\nLatency, in-process, ms per call:\n');
console.log('| call | calls | p50 | p99 | per-input best: p50 | p99 | max |');
console.log('|---|---|---|---|---|---|---|');
latency(
  'geocode (own set)',
  cases.map((c) => () => service.geocode({ address: c.address, city: c.city, state: c.state })),
  5,
);
latency(
  "geocode (buyers' set, both halves)",
  buyers.map((c) => () => service.geocode({ address: c.address, city: c.city, state: c.state, pincode: c.pincode })),
  5,
);
latency(
  'geocode (hostile inputs)',
  hostileGeocode.map((a) => () => service.geocode(a)),
  20,
);
latency(
  'autocomplete (prefixes)',
  prefixes.map((q) => () => service.autocomplete({ q, limit: 5 }, false)),
  10,
);
latency(
  'autocomplete (prefixes, with lat/lon)',
  prefixes.map((q) => () => service.autocomplete({ q, limit: 5, lat: 19.07, lon: 72.88 }, false)),
  10,
);
latency(
  'autocomplete (hostile inputs)',
  hostileComplete.map((q) => () => service.autocomplete({ q, limit: 10 }, false)),
  20,
);
const os = await import('node:os');
console.log(
  `\nNode ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'} x${os.cpus().length}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
