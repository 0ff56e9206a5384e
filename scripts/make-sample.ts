// `npm run data:sample`: extracts the committed real subset data/sample/ (Bengaluru 5600xx, Delhi 1100xx) from data/source.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sha256File } from '../src/dataset/manifest.ts';
import { parseCsvLine, readLines } from '../src/dataset/lines.ts';
import { INPUT_FILES, defaultInputDir, sampleDir } from '../src/dataset/paths.ts';

/** Pincode ranges kept (inclusive); only pincodes that exist in the sources end up in the sample. */
const RANGES: [number, number][] = [
  [110001, 110099],
  [560001, 560100],
];
/** State polygons kept, by STNAME. */
const STATES = ['DELHI', 'KARNATAKA'];
/** GeoNames admin1 codes of those states (07 Delhi, 19 Karnataka). */
const GEONAMES_ADMIN1 = ['07', '19'];

function inSample(pincode: string): boolean {
  const n = Number(pincode);
  return RANGES.some(([lo, hi]) => n >= lo && n <= hi);
}

/** Keeps the header (if any) and the lines whose pincode is in the sample, byte for byte. */
async function filterLines(path: string, pincodeOf: (line: string) => string, header: boolean): Promise<string[]> {
  const kept: string[] = [];
  for await (const [n, line] of readLines(path)) {
    if ((header && n === 1) || (line.trim() !== '' && inSample(pincodeOf(line)))) kept.push(line);
  }
  return kept;
}

/** Tab-separated lines (GeoNames files, no header) kept byte for byte when `keep` accepts their fields. */
async function filterTsv(path: string, keep: (fields: string[]) => boolean): Promise<string[]> {
  const kept: string[] = [];
  for await (const [, line] of readLines(path)) if (line.trim() !== '' && keep(line.split('\t'))) kept.push(line);
  return kept;
}

function csvColumn(name: string, headerLine: string): (line: string) => string {
  const index = parseCsvLine(headerLine, 'header').indexOf(name);
  if (index < 0) throw new Error(`column ${name} missing`);
  return (line) => parseCsvLine(line, 'sample')[index] ?? '';
}

async function firstLine(path: string): Promise<string> {
  for await (const [, line] of readLines(path)) return line;
  throw new Error(`${path} is empty`);
}

function write(name: string, lines: string[]): number {
  const text = `${lines.join('\n')}\n`;
  const bytes = name.endsWith('.gz') ? gzipSync(text, { level: 9 }) : Buffer.from(text);
  writeFileSync(join(sampleDir, name), bytes);
  return bytes.length;
}

function statesSubset(path: string): string {
  const collection = JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as {
    features: { properties: { STNAME: string } }[];
  };
  collection.features = collection.features.filter((f) => STATES.includes(f.properties.STNAME));
  return JSON.stringify(collection);
}

async function main(): Promise<void> {
  const source = defaultInputDir();
  const path = (name: string) => join(source, name);
  mkdirSync(sampleDir, { recursive: true });
  const boundaries = await filterLines(
    path(INPUT_FILES.boundaries),
    (line) => (JSON.parse(line) as { properties: { pincode: string } }).properties.pincode,
    false,
  );
  const directory = await filterLines(
    path(INPUT_FILES.directory),
    csvColumn('pincode', await firstLine(path(INPUT_FILES.directory))),
    true,
  );
  const crosswalk = await filterLines(
    path(INPUT_FILES.crosswalk),
    csvColumn('pincode', await firstLine(path(INPUT_FILES.crosswalk))),
    true,
  );
  const geonames = await filterTsv(path(INPUT_FILES.geonames), (f) => GEONAMES_ADMIN1.includes(f[10] ?? ''));
  const postal = await filterTsv(path(INPUT_FILES.postal), (f) => inSample(f[1] ?? ''));
  const sizes = {
    [INPUT_FILES.boundaries]: write(INPUT_FILES.boundaries, boundaries),
    [INPUT_FILES.directory]: write(INPUT_FILES.directory, directory),
    [INPUT_FILES.crosswalk]: write(INPUT_FILES.crosswalk, crosswalk),
    [INPUT_FILES.states]: write(INPUT_FILES.states, [statesSubset(path(INPUT_FILES.states))]),
    [INPUT_FILES.geonames]: write(INPUT_FILES.geonames, geonames),
    [INPUT_FILES.postal]: write(INPUT_FILES.postal, postal),
  };
  const counts = {
    boundaries: boundaries.length,
    offices: directory.length - 1,
    crosswalk: crosswalk.length - 1,
    geonames: geonames.length,
    postal: postal.length,
  };
  writeFileSync(join(sampleDir, 'README.md'), await readme(source, sizes, counts));
  process.stderr.write(`data:sample: ${JSON.stringify(counts)} -> ${sampleDir}\n`);
}

async function readme(source: string, sizes: Record<string, number>, counts: Record<string, number>): Promise<string> {
  const shas = await Promise.all(
    Object.values(INPUT_FILES).map(async (n) => `${await sha256File(join(source, n))}  ${n}`),
  );
  const rows = Object.entries(sizes).map(([name, bytes]) => `| \`${name}\` | ${bytes.toLocaleString('en')} |`);
  return `# Sample dataset

A small **real** subset of the India pincode data in \`data/source\` (see data/README.md for sources and
licences: Department of Posts via data.gov.in, GODL-India; state polygons from datta07/INDIAN-SHAPEFILES, MIT).
Nothing here is invented or edited: lines are copied byte for byte; the state features are whole and unchanged (re-serialised).

\`npm run data:build\` falls back to this directory when \`data/source\` is absent (the manifest then says
\`"dataset": "sample"\`); the tests build it to check the pipeline end to end.

- boundaries: every pincode in ${RANGES.map(([a, b]) => `${a}..${b}`).join(' and ')} that has a polygon (${counts.boundaries} features)
- directory: every post office row of a pincode in those ranges (${counts.offices} rows, same header)
- crosswalk: the crosswalk rows of those pincodes (${counts.crosswalk} rows)
- states: the ${STATES.join(' and ')} features of \`india_states.geojson.gz\`
- geonames: the GeoNames towns of those states (${counts.geonames} rows of \`geonames_in_cities500.tsv.gz\`, CC BY 4.0)
- postal: the GeoNames postal names of those pincodes (${counts.postal} rows of \`geonames_in_postal.tsv.gz\`, CC BY 4.0)

| file | bytes |
|---|---|
${rows.join('\n')}

Made with \`npm run data:sample\` (\`scripts/make-sample.ts\`) from these inputs:
\`\`\`
${shas.join('\n')}
\`\`\`
`;
}

main().catch((err: unknown) => {
  process.stderr.write(`data:sample failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
