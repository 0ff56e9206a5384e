// A whole file mapped into memory through the native core: read in place, loaded on first touch, no copy on the heap.
import { callNative, GeoError, native } from './addon.ts';

/**
 * The file's bytes as a Buffer over a copy-on-write mapping: pages come from the page cache (so several threads or
 * processes mapping one file share its memory) and writes stay private. Throws GeoError E_IO when it cannot be read.
 */
export function mapFile(path: string): Buffer {
  if (typeof path !== 'string') throw new GeoError('E_INVALID_ARGUMENT', 'path must be a string');
  return Buffer.from(callNative(() => native.mapFile(path)));
}
