// Which release runs: the package version and the commit the bundle was built from, so an upgrade can be confirmed.
import packageJson from '../../package.json' with { type: 'json' };

/** "1.0.0 (3f73bf5)": the commit is the bundle's (scripts/package/bundle.ts), absent when run from sources. */
export function releaseName(): string {
  const commit = (globalThis as { GEOPIN_COMMIT?: string }).GEOPIN_COMMIT;
  return commit ? `${packageJson.version} (${commit})` : packageJson.version;
}
