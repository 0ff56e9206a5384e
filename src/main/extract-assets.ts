// Single executable start-up: extracts the embedded assets once into ${XDG_CACHE_HOME:-~/.cache}/geopin/<version>-<hash>/ and reuses them after.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { getAsset, getRawAsset } from 'node:sea';
import { brotliDecompressSync } from 'node:zlib';

/** The asset that lists every other one (written by scripts/package/assets.ts). */
export const ASSET_INDEX_KEY = 'geopin-assets.json';

/** One embedded file: its repository-relative path (also its asset key), size and sha256 once decompressed. */
export interface AssetEntry {
  path: string;
  bytes: number;
  sha256: string;
}

export interface AssetIndex {
  version: string;
  /** sha256 over every entry, shortened; part of the cache directory name, so a new build never reuses an old directory. */
  hash: string;
  /** Every asset is stored brotli-compressed. */
  files: AssetEntry[];
}

/** `${XDG_CACHE_HOME:-~/.cache}/geopin`. */
export function cacheHome(env: Record<string, string | undefined> = process.env): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'geopin');
}

/**
 * Returns the directory holding the assets, extracting them first when it is missing or incomplete. Extraction goes to
 * a private temp directory renamed into place, so a crash or a concurrent start never leaves a half-written cache.
 */
export function extractAssets(base = cacheHome()): string {
  const index = JSON.parse(getAsset(ASSET_INDEX_KEY, 'utf8')) as AssetIndex;
  const dir = join(base, `${index.version}-${index.hash}`);
  if (isComplete(dir, index)) return dir;
  const tmp = `${dir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    for (const file of index.files) writeAsset(tmp, file);
    // An incomplete directory from an older crash (sizes differ) is replaced; a complete one from a concurrent start is kept.
    if (existsSync(dir) && !isComplete(dir, index)) rmSync(dir, { recursive: true, force: true });
    try {
      renameSync(tmp, dir);
    } catch (err) {
      if (!isComplete(dir, index)) throw err;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return dir;
}

function writeAsset(root: string, file: AssetEntry): void {
  // getRawAsset: no copy of the compressed bytes, which are only read.
  const data = brotliDecompressSync(new Uint8Array(getRawAsset(file.path) as ArrayBuffer));
  const sha256 = createHash('sha256').update(data).digest('hex');
  if (sha256 !== file.sha256)
    throw new Error(`embedded asset ${file.path} is corrupt (sha256 ${sha256}, expected ${file.sha256})`);
  const target = join(root, file.path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, data, { mode: file.path.endsWith('.node') ? 0o755 : 0o644 });
}

/** Complete when every file is there with its size; the content was checked by sha256 when it was written. */
function isComplete(dir: string, index: AssetIndex): boolean {
  return index.files.every((file) => {
    try {
      return statSync(join(dir, file.path)).size === file.bytes;
    } catch {
      return false;
    }
  });
}
