// `npm run package`: dist/geopin, one Linux executable (Node's single executable application): node + dist/geopin.cjs + the assets.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeAssets } from './assets.ts';
import { bundle } from './bundle.ts';
import { bundlePath, distDir, executablePath, repoRoot } from './paths.ts';

// The sentinel Node looks for to know a blob was injected (documented in Node's single-executable-applications page).
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/** Builds the bundle, the assets and the blob, and injects the blob into a copy of this node binary; returns its size in bytes. */
export async function packageExecutable(output = executablePath): Promise<number> {
  if (process.platform !== 'linux')
    throw new Error('npm run package builds the Linux executable only (macOS and Windows also need code signing)');
  await bundle();
  const seaDir = join(distDir, 'sea');
  rmSync(seaDir, { recursive: true, force: true });
  const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  const configPath = join(distDir, 'sea-config.json');
  const blob = join(seaDir, 'geopin.blob');
  const config = {
    main: bundlePath,
    output: blob,
    disableExperimentalSEAWarning: true,
    useCodeCache: true,
    assets: writeAssets(join(seaDir, 'assets'), version),
  };
  writeFileSync(configPath, `${JSON.stringify(config, null, 2)}\n`);
  // Quiet unless they fail (the error then carries their stderr); postject's LIEF warns about node's many ELF notes.
  execFileSync(process.execPath, ['--experimental-sea-config', configPath], { stdio: 'pipe' });
  const tmp = `${output}.tmp`;
  copyFileSync(process.execPath, tmp);
  chmodSync(tmp, 0o755);
  stripSymbols(tmp);
  const postject = createRequire(import.meta.url).resolve('postject/dist/cli.js');
  execFileSync(process.execPath, [postject, tmp, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SEA_FUSE], {
    stdio: 'pipe',
  });
  renameSync(tmp, output);
  return statSync(output).size;
}

/** Node's release binary carries debug symbols (~13 MB); strip them when binutils is installed, else keep them. */
function stripSymbols(file: string): void {
  try {
    execFileSync('strip', [file], { stdio: 'ignore' });
  } catch {
    console.warn("package: strip not available, the executable keeps node's debug symbols");
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  packageExecutable().then(
    (bytes) => console.log(`package: ${relative(repoRoot, executablePath)} (${(bytes / 1e6).toFixed(1)} MB)`),
    (err: unknown) => {
      console.error(`package failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    },
  );
}
