// The build manifest: inputs and outputs with sha256, format version, counts and the summary; no timestamps.
import { createHash } from 'node:crypto';
import { createReadStream, openSync, readSync, closeSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { BuildSummary } from './report.ts';
import { repoRoot } from './paths.ts';

/** Which inputs a build used. */
export type DatasetKind = 'full' | 'sample' | 'shapefile';

/** One hashed file. */
export interface FileEntry {
  name: string;
  role: string;
  bytes: number;
  sha256: string;
}

/** The counts recorded for a build; all measured from the data. */
export interface ManifestCounts {
  polygons: number;
  parts: number;
  rings: number;
  holes: number;
  vertices: number;
  divisions: number;
  states: number;
  circles: number;
  offices: number;
  offices_with_coordinates: number;
  pincodes: number;
  /** Entries of places.bin (states, districts, localities, offices, towns, aliases). */
  places: number;
  geonames_towns: number;
  geonames_postal_names: number;
  /** Entries of the separate ODbL layer (OpenStreetMap points, countrystatecity places); 0 without one. */
  odbl_places: number;
}

/** Contents of manifest.json. */
export interface Manifest {
  /** boundaries.bin format version. */
  format_version: number;
  /** places.bin format version. */
  places_format_version: number;
  dataset: DatasetKind;
  source: string;
  licence: string;
  pipeline_sha256: string;
  inputs: FileEntry[];
  outputs: FileEntry[];
  counts: ManifestCounts;
  summary: BuildSummary;
}

/** Provenance of the real data (see data/README.md). */
export const SOURCE =
  'Department of Posts, India: All India Pincode Boundary GeoJSON and All India Pincode Directory (data.gov.in); ' +
  'state polygons from datta07/INDIAN-SHAPEFILES; towns, alternate names, postal names and landmarks from GeoNames; ' +
  'municipal wards from DataMeet; railway stations from datameet/railways; ' +
  'places-odbl.bin: points of interest from OpenStreetMap contributors and places from countrystatecity';
/** Licence as cited by projects reusing the data.gov.in files. */
export const LICENCE =
  'Government Open Data License - India (GODL-India); state polygons MIT; GeoNames and DataMeet wards CC BY 4.0 ' +
  '(GeoNames landmarks CC BY 3.0); ' +
  'datameet/railways CC0; places-odbl.bin ODbL 1.0 (c) OpenStreetMap contributors, countrystatecity';

/** Streams a file through sha256. */
export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Hashes a file into a manifest entry (base name only, so manifests do not depend on the machine). */
export async function fileEntry(path: string, role: string): Promise<FileEntry> {
  return { name: basename(path), role, bytes: statSync(path).size, sha256: await sha256File(path) };
}

/** The format version as written by the native core: header bytes 8..12, little-endian. */
export function readFormatVersion(boundariesPath: string): number {
  const header = Buffer.alloc(12);
  const fd = openSync(boundariesPath, 'r');
  try {
    readSync(fd, header, 0, 12, 0);
  } finally {
    closeSync(fd);
  }
  return header.readUInt32LE(8);
}

/**
 * sha256 over the build's own sources, so a changed pipeline invalidates an existing build. The bundle carries the hash
 * of the sources it was built from (scripts/package/bundle.ts): the files on disk may be newer than the code that runs
 * (a `git pull` before `npm run build`), and a dataset must be labelled by the code that built it.
 */
export function pipelineSha256(): string {
  return (globalThis as { GEOPIN_PIPELINE_SHA256?: string }).GEOPIN_PIPELINE_SHA256 ?? pipelineSourcesSha256();
}

/** sha256 over the pipeline's source files as they are on disk now. */
export function pipelineSourcesSha256(): string {
  const hash = createHash('sha256');
  const dir = join(repoRoot, 'src/dataset');
  // The place index is laid out by these runtime modules too: a change to them changes places.bin.
  const shared = ['aliases.ts', 'normalise.ts', 'place-file.ts', 'place-index.ts'].map((f) =>
    join(repoRoot, 'src/geocoding', f),
  );
  const files = [
    ...readdirSync(dir)
      .sort()
      .map((f) => join(dir, f)),
    ...shared,
  ];
  for (const file of files.filter((f) => f.endsWith('.ts'))) {
    hash.update(basename(file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** Stable JSON text (2-space indent, trailing newline). */
export function manifestText(manifest: Manifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
