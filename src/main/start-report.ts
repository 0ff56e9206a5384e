// What a starting server tells its operator: where its data lives, which mode and mail transport it runs with, its URLs.
import type { Log } from '../kernel/log.ts';
import type { Config } from './config.ts';
import { releaseName } from './release.ts';
import { unknownSettings } from './unknown-settings.ts';

/** How mail leaves this server: SMTP, the log (dev mode without SMTP), or not at all (then sign-in codes cannot go out). */
export function mailTransport(config: Pick<Config, 'mail' | 'devMode'>): string {
  const { mail } = config;
  if (mail.host) return `smtp://${mail.host}:${mail.port}${mail.secure ? ' (TLS)' : ''}`;
  return config.devMode ? 'log (dev mode: messages and codes are written to this log)' : 'none';
}

/** The pages' addresses: a wildcard host is shown as localhost, which a browser on this machine can open. */
export function pageUrls(host: string, port: number): Record<'docs' | 'dashboard' | 'merchant', string> {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const base = `http://${shown}:${port}`;
  return { docs: `${base}/docs`, dashboard: `${base}/dashboard`, merchant: `${base}/merchant` };
}

/**
 * Logs the store, mode, mail transport and page URLs once the port is bound, and warns of variables that look like a
 * setting but are none (a typo), of a NODE_ENV read as production, and when production cannot mail sign-in codes (the
 * pages then answer only "Email delivery is not configured"; `login-link` still signs people in).
 */
export function reportStart(
  config: Config,
  store: { location: string; migrated: readonly string[] },
  port: number,
  log: Log,
  env: Record<string, string | undefined> = process.env,
): void {
  const storeLocation = store.location;
  const mode = config.devMode ? 'development' : 'production';
  const mail = mailTransport(config);
  const urls = pageUrls(config.server.host, port);
  const release = releaseName();
  log.info(
    { release, store: config.store.kind, database: storeLocation, mode, mail, workers: config.server.workers, ...urls },
    `[server] geopin ${release}; ${config.store.kind} store at ${storeLocation}; ${mode} mode; mail: ${mail}`,
  );
  if (store.migrated.length > 0)
    log.info({ migrated: store.migrated }, `[server] schema steps applied: ${store.migrated.join(', ')}`);
  log.info(urls, `[server] pages: ${urls.docs} · ${urls.dashboard} · ${urls.merchant}`);
  for (const { name, nearest } of unknownSettings(env))
    log.warn(
      { setting: name, nearest },
      `[server] ${name} is not a setting of this server and is ignored${nearest ? `: did you mean ${nearest}?` : ''}`,
    );
  const nodeEnv = env.NODE_ENV;
  if (nodeEnv !== undefined && nodeEnv !== '' && !['production', 'development', 'test'].includes(nodeEnv))
    log.warn(
      { NODE_ENV: nodeEnv },
      `[server] NODE_ENV=${nodeEnv} is read as production (development and test are not)`,
    );
  if (!config.devMode && !config.mail.host) {
    log.warn(
      { mail: 'none' },
      '[server] production without SMTP_HOST: sign-in codes cannot be mailed; set SMTP_* or print a one-time link ' +
        'with `geopin dashboard login-link --email …` / `geopin merchant login-link --email …`',
    );
  }
}
