/* Types of the exports crates/geo-node/src/hot.rs registers by hand (napi-rs generates index.d.ts for the rest). */

/** Polygon id containing (lat, lon) in the index of this thread's `slot` (a BoundaryIndex's `slot`), or -1 (NaN too). */
export declare function lookupIn(slot: number, lat: number, lon: number): number;

/**
 * A single lookup's request body answered into `out` in the index of this thread's `slot`, once its answers are attached:
 * the answer's length in bytes, or -1 where the service's general route must answer (see geo-core `batch_json`).
 */
export declare function answerIn(slot: number, body: Uint8Array, out: Uint8Array): number;

/** Encodes latitude/longitude to a hyphenated DIGIPIN (`XXX-XXX-XXXX`); throws an Error with `code` `E_LATITUDE_OUT_OF_RANGE` and the like. */
export declare function encode(lat: number, lon: number): string;
