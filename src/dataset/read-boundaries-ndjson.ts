// Reads boundary features from GeoJSONSeq/NDJSON (one Feature per line, optionally gzipped).
import { DataError, featureFromProperties, type RawFeature } from './feature.ts';
import { readLines } from './lines.ts';

/** Yields one RawFeature per non-blank line; errors name the line number. */
export async function* readBoundariesNdjson(path: string): AsyncGenerator<RawFeature> {
  for await (const [line, text] of readLines(path)) {
    if (text.trim() === '') continue;
    let feature: { type?: unknown; properties?: unknown; geometry?: unknown };
    try {
      feature = JSON.parse(text) as typeof feature;
    } catch (err) {
      throw new DataError(`line ${line}: invalid JSON (${(err as Error).message})`);
    }
    if (!feature || feature.type !== 'Feature') throw new DataError(`line ${line}: not a GeoJSON Feature`);
    yield featureFromProperties(feature.properties, feature.geometry, `line ${line}`);
  }
}
