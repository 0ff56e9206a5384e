// Reads boundary features from an ESRI shapefile (.shp + .dbf) with the `shapefile` library.
import { existsSync, readFileSync } from 'node:fs';
import { open } from 'shapefile';
import { DataError, featureFromProperties, type RawFeature } from './feature.ts';

/** The .dbf (and optional .cpg code page) next to a .shp, whatever the extension's case. */
export function shapefileCompanions(shpPath: string): { dbf: string; cpg: string | null } {
  const base = shpPath.replace(/\.shp$/i, '');
  const dbf = [`${base}.dbf`, `${base}.DBF`].find((p) => existsSync(p));
  if (!dbf) throw new DataError(`${shpPath}: the attribute table ${base}.dbf is missing`);
  const cpg = [`${base}.cpg`, `${base}.CPG`].find((p) => existsSync(p)) ?? null;
  return { dbf, cpg };
}

/** Yields one RawFeature per shapefile record; errors name the record number. */
export async function* readBoundariesShapefile(shpPath: string): AsyncGenerator<RawFeature> {
  const { dbf, cpg } = shapefileCompanions(shpPath);
  // Without a .cpg the DBF is in the dBASE default code page, which the library reads as windows-1252.
  const encoding = cpg ? readFileSync(cpg, 'utf8').trim().toLowerCase() || undefined : undefined;
  const source = await open(shpPath, dbf, encoding ? { encoding } : {});
  for (let record = 1; ; record++) {
    const { done, value } = await source.read();
    if (done) return;
    yield featureFromProperties(value.properties, value.geometry, `record ${record}`);
  }
}
