// A cheap stand-in for re-hashing the dataset: path, size, mtime and inode of each input and output, kept beside the build.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Machine-local (mtimes, inodes), so it lives in the build directory, never in the committed manifest. */
export const FINGERPRINT_FILE = 'fingerprint.json';

/**
 * The files' identity as the file system sees it. An edit changes the mtime (and usually the size); replacing a
 * file changes its inode. Equal fingerprints let a start skip sha256 over ~200 MB; any difference means a full check.
 */
export function fingerprintOf(paths: readonly string[]): string {
  return JSON.stringify(
    paths.map((path) => {
      const s = statSync(path, { bigint: true });
      return [resolve(path), String(s.size), String(s.mtimeNs), String(s.ino)];
    }),
  );
}

/** The fingerprint of a build in `outDir`: its manifest, the inputs it was built from and its outputs. */
export function datasetFingerprint(
  outDir: string,
  inputPaths: readonly string[],
  outputNames: readonly string[],
): string {
  return fingerprintOf([
    join(outDir, 'manifest.json'),
    ...inputPaths,
    ...outputNames.map((name) => join(outDir, name)),
  ]);
}

/** The fingerprint recorded when `outDir` was last built or fully verified, or null. */
export function recordedFingerprint(outDir: string): string | null {
  const path = join(outDir, FINGERPRINT_FILE);
  return existsSync(path) ? readFileSync(path, 'utf8') : null;
}

export function recordFingerprint(outDir: string, fingerprint: string): void {
  writeFileSync(join(outDir, FINGERPRINT_FILE), fingerprint);
}
