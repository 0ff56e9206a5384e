// The data build (`geopin data build`, `npm run data:build`): builds boundaries.bin, gazetteer.sqlite, places.bin and manifest.json from the pincode data.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ODBL_LAYER, PLACE_FORMAT_VERSION, writePlaceFile } from '../geocoding/place-file.ts';
import { BoundaryIndex } from '../native/boundary-index.ts';
import { writeBoundaryFile, type BoundaryTables } from '../native/boundary-file.ts';
import { boundaryTables, collectFeatures } from './boundary-features.ts';
import { assembleGazetteer, type BoundaryFeature, type GazetteerRows } from './gazetteer-rows.ts';
import { datasetFingerprint, recordFingerprint } from './fingerprint.ts';
import { inputPaths, parseBuildArgs, resolveInputs, type BuildOptions, type ResolvedInputs } from './inputs.ts';
import {
  LICENCE,
  SOURCE,
  fileEntry,
  manifestText,
  pipelineSha256,
  readFormatVersion,
  type Manifest,
  type ManifestCounts,
} from './manifest.ts';
import { defaultOutDir, repoManifestPath } from './paths.ts';
import { readBoundariesNdjson } from './read-boundaries-ndjson.ts';
import { readBoundariesShapefile } from './read-boundaries-shapefile.ts';
import { placeSections } from './place-sections.ts';
import { readGeonames } from './read-geonames.ts';
import { withPlausiblePopulations } from './implausible-populations.ts';
import { readGeonamesPostal } from './read-geonames-postal.ts';
import { readLandmarks } from './read-landmarks.ts';
import { placesFromOffices, readCrosswalk, readDirectory } from './read-directory.ts';
import { Report } from './report.ts';
import { loadStateLocator } from './states.ts';
import { writeGazetteer } from './write-gazetteer.ts';

export type { BuildOptions } from './inputs.ts';
export type { Manifest } from './manifest.ts';

/** What a build produced. */
export interface BuildResult {
  outDir: string;
  manifest: Manifest;
}

/** Builds the dataset; outputs appear in `out` only when complete (manifest.json last). */
export async function buildDataset(options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const report = new Report(options.quiet);
  const inputs = resolveInputs(options);
  const outDir = resolve(options.out ?? defaultOutDir());
  const tmpDir = join(outDir, `.tmp-${process.pid}`);
  report.progress(`data:build: ${inputs.dataset} dataset from ${inputs.boundaries.path}`);
  mkdirSync(tmpDir, { recursive: true });
  try {
    const features = await collectFeatures(readerFor(inputs), report);
    const tables = boundaryTables(features);
    writeBoundaryFile(join(tmpDir, 'boundaries.bin'), tables);
    report.progress(`boundaries.bin: ${features.length} polygons`);
    const rows = await gazetteerRows(inputs, features, report);
    writeGazetteer(join(tmpDir, 'gazetteer.sqlite'), rows);
    report.progress(`gazetteer.sqlite: ${rows.pincodes.length} pincodes, ${rows.offices.length} offices`);
    const read = inputs.geonames ? await readGeonames(inputs.geonames) : [];
    if (!inputs.geonames) report.note('no GeoNames towns: places.bin has postal names and curated aliases only');
    // Where pincodes lie, for how dense a place's surroundings are: a polygon's inside point (what the fame weights
    // were measured with), else the pincode's own point.
    const inside = new Map(
      rows.boundaries.map((b): [string, [number, number]] => [b.pincode, [b.inside_lat, b.inside_lon]]),
    );
    const pincodePoints = rows.pincodes.flatMap((p): Array<[number, number]> => {
      const point = inside.get(p.pincode);
      if (point) return [point];
      return p.lat === null || p.lon === null ? [] : [[p.lat, p.lon]];
    });
    const { towns: geonames, capped } = withPlausiblePopulations(read, pincodePoints);
    report.derive('town_populations_capped', capped);
    const index = BoundaryIndex.open(join(tmpDir, 'boundaries.bin'));
    const postal = inputs.postal ? await readGeonamesPostal(inputs.postal) : [];
    const landmarks = await readLandmarks(inputs.pointsDir);
    const locate = (lonLat: Float64Array) => index.lookupMany(lonLat);
    const places = placeSections({ rows, geonames, postal, landmarks, pincodePoints, locate });
    writePlaceFile(join(tmpDir, 'places.bin'), places.sections);
    report.progress(
      `places.bin: ${places.entries} places (${geonames.length} GeoNames towns, ${landmarks.open.length} ward and station points)`,
    );
    // ODbL rows stay in a file of their own (data/README.md): the service reads it beside places.bin when present.
    if (places.odbl) writePlaceFile(join(tmpDir, ODBL_LAYER), places.odbl);
    else rmSync(join(outDir, ODBL_LAYER), { force: true });
    if (places.odbl) report.progress(`${ODBL_LAYER}: ${places.odblEntries} OpenStreetMap and countrystatecity places`);
    report.progress('hashing inputs and outputs');
    const counts = {
      ...countsOf(tables, rows),
      places: places.entries,
      geonames_towns: geonames.length,
      geonames_postal_names: postal.length,
      odbl_places: places.odblEntries,
    };
    const outputs = places.odbl ? [...OUTPUTS, ODBL_LAYER] : [...OUTPUTS];
    const manifest = await buildManifest(inputs, tmpDir, counts, outputs, report);
    for (const name of outputs) renameSync(join(tmpDir, name), join(outDir, name));
    writeFileSync(join(outDir, 'manifest.json'), manifestText(manifest));
    if (inputs.isDefaultFull && outDir === resolve(defaultOutDir()))
      writeFileSync(repoManifestPath, manifestText(manifest));
    // The next start compares sizes and mtimes with these instead of hashing every file again.
    recordFingerprint(outDir, datasetFingerprint(outDir, inputPaths(inputs), outputs));
    report.progress(finalSummary(manifest, performance.now() - started));
    return { outDir, manifest };
  } finally {
    rmSync(tmpDir, { recursive: true, force: true });
  }
}

function readerFor(inputs: ResolvedInputs) {
  const { format, path } = inputs.boundaries;
  return format === 'shapefile' ? readBoundariesShapefile(path) : readBoundariesNdjson(path);
}

async function gazetteerRows(
  inputs: ResolvedInputs,
  features: BoundaryFeature[],
  report: Report,
): Promise<GazetteerRows> {
  const offices = inputs.directory ? await readDirectory(inputs.directory, report) : null;
  if (!offices) report.note('no directory: district is null, delivery is 0, state only from the state polygons');
  const places = inputs.crosswalk ? await readCrosswalk(inputs.crosswalk) : offices ? placesFromOffices(offices) : null;
  if (offices && !inputs.crosswalk) report.note('no crosswalk: state and district are the most frequent among offices');
  const locateState = inputs.states ? loadStateLocator(inputs.states) : null;
  report.progress('joining boundaries, directory and crosswalk');
  return assembleGazetteer({ features, offices, places, locateState }, report);
}

/** Files a build writes besides manifest.json, in manifest order (the ODbL layer after them when there is one). */
const OUTPUTS = ['boundaries.bin', 'gazetteer.sqlite', 'places.bin'] as const;

function countsOf(
  tables: BoundaryTables,
  rows: GazetteerRows,
): Omit<ManifestCounts, 'places' | 'geonames_towns' | 'geonames_postal_names' | 'odbl_places'> {
  const distinct = (values: (string | null)[]) => new Set(values.filter((v) => v !== null)).size;
  const parts = tables.partRings.length - 1;
  const rings = tables.ringVertices.length - 1;
  return {
    polygons: tables.polygonParts.length - 1,
    parts,
    rings,
    holes: rings - parts,
    vertices: tables.coordsE6.length / 2,
    divisions: distinct(rows.boundaries.map((b) => b.division)),
    states: distinct(rows.pincodes.map((p) => p.state)),
    circles: distinct(rows.boundaries.map((b) => b.circle)),
    offices: rows.offices.length,
    offices_with_coordinates: rows.offices.filter((o) => o.lat !== null).length,
    pincodes: rows.pincodes.length,
  };
}

async function buildManifest(
  inputs: ResolvedInputs,
  dir: string,
  counts: ManifestCounts,
  outputs: readonly string[],
  report: Report,
): Promise<Manifest> {
  // Same order as inputPaths(), with roles.
  const inputFiles: [string | null, string][] = [
    [inputs.boundaries.path, 'boundaries'],
    ...inputs.boundaries.companions.map((p): [string, string] => [p, 'boundaries']),
    [inputs.directory, 'directory'],
    [inputs.crosswalk, 'crosswalk'],
    [inputs.states, 'states'],
    [inputs.geonames, 'geonames'],
    [inputs.postal, 'postal'],
    ...inputs.points.map((p): [string, string] => [p, 'points']),
  ];
  return {
    format_version: readFormatVersion(join(dir, 'boundaries.bin')),
    places_format_version: PLACE_FORMAT_VERSION,
    dataset: inputs.dataset,
    source: SOURCE,
    licence: LICENCE,
    pipeline_sha256: pipelineSha256(),
    inputs: await Promise.all(inputFiles.filter(([p]) => p !== null).map(([p, role]) => fileEntry(p!, role))),
    outputs: await Promise.all(outputs.map((name) => fileEntry(join(dir, name), OUTPUT_ROLES[name] ?? name))),
    counts,
    summary: report.toJSON(),
  };
}

const OUTPUT_ROLES: Record<string, string> = {
  'boundaries.bin': 'boundaries',
  'gazetteer.sqlite': 'gazetteer',
  'places.bin': 'places',
  [ODBL_LAYER]: 'places-odbl',
};

function finalSummary(manifest: Manifest, ms: number): string {
  const { counts, summary } = manifest;
  const lines = [
    `data:build done in ${(ms / 1000).toFixed(1)} s (format v${manifest.format_version}, ${manifest.dataset})`,
    `  ${Object.entries(counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    `  fixed: ${JSON.stringify(summary.fixed)}`,
    `  skipped: ${summary.skipped.length}${summary.skipped.map((s) => `\n    ${s.what} ${s.where}: ${s.reason}`).join('')}`,
    ...summary.notes.map((n) => `  note: ${n}`),
  ];
  return lines.join('\n');
}

/** The CLI: `args` are --input, --out, --directory-dir, --quiet (see parseBuildArgs). */
export async function buildDataCommand(args: string[]): Promise<void> {
  await buildDataset(parseBuildArgs(args));
}
