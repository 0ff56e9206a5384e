// Resolves which files a build reads: the committed real data (data/source), the committed sample, or a shapefile plus directory files.
import { existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DataError } from './feature.ts';
import type { DatasetKind } from './manifest.ts';
import { INPUT_FILES, defaultInputDir, sampleDir } from './paths.ts';
import { shapefileCompanions } from './read-boundaries-shapefile.ts';
import { landmarkInputs } from './read-landmarks.ts';

/** Build options shared by the CLI, ensureDataset and the tests. */
export interface BuildOptions {
  /** Input directory, .ndjson(.gz) or .shp file; default DATA_DIR or data/source, else data/sample. */
  input?: string;
  /** Output directory; default DATA_OUT_DIR or data/build. */
  out?: string;
  /** Where a shapefile build finds the directory, crosswalk and states files; default data/source. */
  directoryDir?: string;
  /** No progress on stderr. */
  quiet?: boolean;
}

/** The files one build reads; optional inputs are null when absent. */
export interface ResolvedInputs {
  dataset: DatasetKind;
  /** True for the full dataset at its default place (its manifest is committed as data/manifest.json). */
  isDefaultFull: boolean;
  boundaries: { format: 'ndjson' | 'shapefile'; path: string; companions: string[] };
  directory: string | null;
  crosswalk: string | null;
  states: string | null;
  /** GeoNames towns (populations, alternate names) for the place index; optional. */
  geonames: string | null;
  /** GeoNames postal names (older and alternative office names per pincode); optional. */
  postal: string | null;
  /** Where the gazetteer point files are read (wards, stations, the ODbL points) and the ones present. */
  pointsDir: string;
  points: string[];
}

/** Picks the inputs; an explicitly named input that does not exist is an error, never a silent fallback. */
/** The CLI flags shared by build-data and ensure-data: --input, --out, --directory-dir, --quiet. */
export function parseBuildArgs(args: string[] = process.argv.slice(2)): BuildOptions {
  const { values } = parseArgs({
    args,
    options: {
      input: { type: 'string' },
      out: { type: 'string' },
      'directory-dir': { type: 'string' },
      quiet: { type: 'boolean', default: false },
    },
  });
  return { input: values.input, out: values.out, directoryDir: values['directory-dir'], quiet: values.quiet };
}

export function resolveInputs(options: BuildOptions, defaultDir = defaultInputDir()): ResolvedInputs {
  const explicit = options.input ?? process.env.DATA_DIR;
  if (explicit === undefined) {
    const full = existsSync(join(defaultDir, INPUT_FILES.boundaries));
    return fromDirectory(full ? defaultDir : sampleDir, full);
  }
  const input = resolve(explicit);
  if (!existsSync(input)) throw new DataError(`input ${input} does not exist`);
  if (/\.shp$/i.test(input)) return fromShapefile(input, options.directoryDir ?? defaultDir);
  if (statSync(input).isFile()) {
    return { ...fromDirectory(dirname(input), false), boundaries: { format: 'ndjson', path: input, companions: [] } };
  }
  return fromDirectory(input, sameFile(input, defaultDir));
}

/** The files a build reads, in manifest order. */
export function inputPaths(inputs: ResolvedInputs): string[] {
  const paths = [
    inputs.boundaries.path,
    ...inputs.boundaries.companions,
    inputs.directory,
    inputs.crosswalk,
    inputs.states,
    inputs.geonames,
    inputs.postal,
    ...inputs.points,
  ];
  return paths.filter((p): p is string => p !== null);
}

function fromDirectory(dir: string, isDefaultFull: boolean): ResolvedInputs {
  const boundaries = join(dir, INPUT_FILES.boundaries);
  if (!existsSync(boundaries)) throw new DataError(`${dir} has no ${INPUT_FILES.boundaries}`);
  return {
    dataset: sameFile(dir, sampleDir) ? 'sample' : 'full',
    isDefaultFull: isDefaultFull && !sameFile(dir, sampleDir),
    boundaries: { format: 'ndjson', path: boundaries, companions: [] },
    ...companionFiles(dir),
  };
}

function fromShapefile(shp: string, directoryDir: string): ResolvedInputs {
  const { dbf, cpg } = shapefileCompanions(shp);
  const optional = ['.shx', '.prj'].map((ext) => shp.replace(/\.shp$/i, ext)).filter((p) => existsSync(p));
  return {
    dataset: 'shapefile',
    isDefaultFull: false,
    boundaries: { format: 'shapefile', path: shp, companions: [dbf, ...(cpg ? [cpg] : []), ...optional] },
    ...companionFiles(directoryDir),
  };
}

function companionFiles(
  dir: string,
): Pick<ResolvedInputs, 'directory' | 'crosswalk' | 'states' | 'geonames' | 'postal' | 'pointsDir' | 'points'> {
  const present = (name: string) => (existsSync(join(dir, name)) ? join(dir, name) : null);
  return {
    directory: present(INPUT_FILES.directory),
    crosswalk: present(INPUT_FILES.crosswalk),
    states: present(INPUT_FILES.states),
    geonames: present(INPUT_FILES.geonames),
    postal: present(INPUT_FILES.postal),
    pointsDir: dir,
    points: landmarkInputs(dir),
  };
}

function sameFile(a: string, b: string): boolean {
  return existsSync(a) && existsSync(b) && realpathSync(a) === realpathSync(b);
}
