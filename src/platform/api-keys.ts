// API keys: created with 192 random bits, stored as sha256 only, looked up by hash with an in-memory cache.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/open.ts';
import type { PlanName } from './plans.ts';

export interface ApiKeyRecord {
  id: number;
  prefix: string;
  label: string | null;
  plan: PlanName;
  isPublic: boolean;
  /** Exact, lower-case origins ("https://shop.example") a public key is bound to. */
  allowedOrigins: string[];
  monthlyLimitOverride: number | null;
  rateLimitOverride: number | null;
}

export interface CreateKeyOptions {
  plan: PlanName;
  label?: string | null;
  isPublic?: boolean;
  allowedOrigins?: string[];
  monthlyLimitOverride?: number | null;
  rateLimitOverride?: number | null;
}

/** sha256 hex of a key; the key has 192 bits of entropy, so a fast unsalted hash is enough. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** "https://Shop.example/" -> "https://shop.example"; throws for anything that is not an http(s) origin. */
export function normaliseOrigin(origin: string): string {
  const url = new URL(origin);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname.length > 1 || url.search || url.hash) {
    throw new Error(`not an origin: ${origin} (expected e.g. https://shop.example)`);
  }
  return url.origin.toLowerCase();
}

interface KeyRow {
  id: number;
  key_prefix: string;
  label: string | null;
  plan: PlanName;
  is_public: number;
  allowed_origins: string;
  monthly_limit_override: number | null;
  rate_limit_override: number | null;
}

export class ApiKeyStore {
  private readonly byHash = new Map<string, ApiKeyRecord>();
  private readonly insert;
  private readonly select;

  constructor(private readonly db: Db) {
    this.insert = db.prepare(
      `INSERT INTO api_keys (key_hash, key_prefix, label, plan, is_public, allowed_origins, monthly_limit_override, rate_limit_override, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.select = db.prepare<[string], KeyRow>(
      'SELECT id, key_prefix, label, plan, is_public, allowed_origins, monthly_limit_override, rate_limit_override FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL',
    );
  }

  /** Creates a key and returns it in clear text: the only time it exists outside the caller's hands. */
  create(options: CreateKeyOptions): { key: string; record: ApiKeyRecord } {
    const isPublic = options.isPublic ?? false;
    const origins = (options.allowedOrigins ?? []).map(normaliseOrigin);
    if (isPublic && origins.length === 0) throw new Error('a public key needs at least one allowed origin');
    const key = `gp_${isPublic ? 'pub' : 'sk'}_${randomBytes(24).toString('base64url')}`;
    const prefix = key.slice(0, 12);
    const info = this.insert.run(
      hashKey(key), prefix, options.label ?? null, options.plan, isPublic ? 1 : 0, JSON.stringify(origins),
      options.monthlyLimitOverride ?? null, options.rateLimitOverride ?? null, new Date().toISOString(),
    );
    const record = this.find(key);
    if (!record || record.id !== Number(info.lastInsertRowid)) throw new Error('api key was not stored');
    return { key, record };
  }

  /** The active key for a presented secret, or null. Keys are never edited in place, so hits stay cached. */
  find(key: string): ApiKeyRecord | null {
    const hash = hashKey(key);
    const cached = this.byHash.get(hash);
    if (cached) return cached;
    const row = this.select.get(hash);
    if (!row) return null;
    const record: ApiKeyRecord = {
      id: row.id, prefix: row.key_prefix, label: row.label, plan: row.plan, isPublic: row.is_public === 1,
      allowedOrigins: JSON.parse(row.allowed_origins) as string[],
      monthlyLimitOverride: row.monthly_limit_override, rateLimitOverride: row.rate_limit_override,
    };
    this.byHash.set(hash, record);
    return record;
  }
}
