// The rules for calls to merchant-supplied URLs (webhooks, courier coverage), and the checks that need no DNS.
import { z } from 'zod';
import { isLoopbackAddress, isPublicAddress } from './address-policy.ts';
import { parseIp } from './ip-address.ts';

/** What an outbound call may reach; the same policy is applied when a URL is saved and at every send. */
export interface EgressPolicy {
  /** Also allows loopback destinations (127.0.0.0/8, ::1), over http or https and on any port: local tests, dev page. */
  devMode: boolean;
  /** Ports https URLs may use (loopback in dev mode excepted). @default [443] */
  allowedPorts: readonly number[];
  /** DNS servers (`ip` or `ip:port`) that resolve merchant hosts instead of the system resolver (/etc/hosts, search domains). */
  dnsServers?: readonly string[];
}

/** Coarse reasons an outbound call failed; deliberately too coarse to map a network with. */
export type EgressError =
  | 'bad_url'
  | 'blocked_scheme'
  | 'blocked_port'
  | 'blocked_address'
  | 'dns_failed'
  | 'connect_failed'
  | 'tls_failed'
  | 'timeout'
  | 'bad_response';

/** The production policy: https on port 443 to public addresses only. */
export const PRODUCTION_EGRESS: EgressPolicy = { devMode: false, allowedPorts: [443] };

const PortList = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
      .map(Number),
  )
  .pipe(z.array(z.number().int().min(1).max(65535)).min(1));

const EnvSchema = z.object({
  NODE_ENV: z.string().default('production'),
  /** Comma-separated ports https webhook and courier URLs may use. @default "443" */
  EGRESS_ALLOWED_PORTS: PortList.default([443]),
});

/** The policy from the environment: dev mode exactly when the server's is (NODE_ENV development or test). */
export function loadEgressPolicy(env: Record<string, string | undefined> = process.env): EgressPolicy {
  const e = EnvSchema.parse(env);
  return { devMode: e.NODE_ENV === 'development' || e.NODE_ENV === 'test', allowedPorts: e.EGRESS_ALLOWED_PORTS };
}

/** A parsed URL an outbound call may try; `host` has no brackets and no trailing dot. */
export interface EgressTarget {
  url: URL;
  host: string;
  /** True when `host` is an IP literal (then no DNS is asked). */
  literal: boolean;
  https: boolean;
  port: number;
}

// Names that only ever mean this machine or its network; refused before any lookup.
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|intranet|lan|localdomain|home\.arpa|in-addr\.arpa|ip6\.arpa)$/i;

/** Parses `text` into a target, or says why it can never be called (bad URL, credentials, other schemes). */
export function parseTarget(text: string): EgressTarget | { error: EgressError } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: 'bad_url' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { error: 'bad_url' };
  if (url.username || url.password || url.hostname === '') return { error: 'bad_url' };
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  const https = url.protocol === 'https:';
  // URL has already normalised 0x7f.1, 2130706433 and friends to dotted IPv4, and IPv6 to its short form.
  return { url, host, literal: parseIp(host) !== null, https, port: url.port ? Number(url.port) : https ? 443 : 80 };
}

/** Whether the resolved `address` may be connected to under `policy`. */
export function addressAllowed(address: string, policy: EgressPolicy): boolean {
  return isPublicAddress(address) || (policy.devMode && isLoopbackAddress(address));
}

/**
 * The rules for any destination that is not dev-mode loopback, checked before DNS: https, an allowed port, a public
 * IP literal, and no local-only or single-label name (those resolve through this machine's search domains).
 */
export function checkStatic(target: EgressTarget, policy: EgressPolicy): EgressError | null {
  if (!target.https) return 'blocked_scheme';
  if (!policy.allowedPorts.includes(target.port)) return 'blocked_port';
  if (target.literal) return isPublicAddress(target.host) ? null : 'blocked_address';
  return LOCAL_NAMES.test(target.host) || !target.host.includes('.') ? 'blocked_address' : null;
}

/**
 * The checks that need no DNS, for validating a URL when it is saved (every send re-checks, with DNS).
 * Dev mode also accepts http and any port for `localhost` and loopback literals.
 */
export function checkUrl(text: string, policy: EgressPolicy): EgressError | null {
  const target = parseTarget(text);
  if ('error' in target) return target.error;
  const loopback = target.literal ? isLoopbackAddress(target.host) : /(^|\.)localhost$/i.test(target.host);
  return policy.devMode && loopback ? null : checkStatic(target, policy);
}
