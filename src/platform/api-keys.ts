// Location api keys: 192 random bits shown once, stored as sha256 only; created, found, listed and revoked through the store.
import { randomBytes } from 'node:crypto';
import { sha256 } from '../kernel/crypto.ts';
import { normaliseOrigin } from '../kernel/origin.ts';
import type { Clock } from '../kernel/clock.ts';
import { DomainError } from '../kernel/errors.ts';
import type { Sql } from '../db/sql.ts';
import { PLAN_NAMES, type PlanName } from './plans.ts';

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
  createdAt: string;
  revokedAt: string | null;
  /** The developer account that created it in the dashboard; null for keys made with the CLI. */
  ownerId: number | null;
}

export interface CreateKeyOptions {
  plan: PlanName;
  label?: string | null;
  isPublic?: boolean;
  allowedOrigins?: string[];
  monthlyLimitOverride?: number | null;
  rateLimitOverride?: number | null;
  ownerId?: number | null;
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
  created_at: string;
  revoked_at: string | null;
  owner_id: number | null;
}

const COLUMNS =
  'id, key_prefix, label, plan, is_public, allowed_origins, monthly_limit_override, rate_limit_override, created_at, revoked_at, owner_id';

function toRecord(row: KeyRow): ApiKeyRecord {
  return {
    id: row.id,
    prefix: row.key_prefix,
    label: row.label,
    plan: row.plan,
    isPublic: row.is_public === 1,
    allowedOrigins: JSON.parse(row.allowed_origins) as string[],
    monthlyLimitOverride: row.monthly_limit_override,
    rateLimitOverride: row.rate_limit_override,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    ownerId: row.owner_id,
  };
}

/** Key rows in the store. */
export class ApiKeyRepository {
  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
  ) {}

  /** Creates a key and returns it in clear text: the only time it exists outside the caller's hands. */
  async create(options: CreateKeyOptions): Promise<{ key: string; record: ApiKeyRecord }> {
    if (!PLAN_NAMES.includes(options.plan))
      throw new DomainError('invalid', 'invalid_plan', `plan must be one of ${PLAN_NAMES.join(', ')}`);
    const isPublic = options.isPublic ?? false;
    const origins = (options.allowedOrigins ?? []).map(normaliseOrigin);
    if (isPublic && origins.length === 0)
      throw new DomainError('invalid', 'origins_required', 'a public key needs at least one allowed origin');
    for (const [name, value] of [
      ['monthly limit', options.monthlyLimitOverride],
      ['rate limit', options.rateLimitOverride],
    ] as const) {
      if (value != null && (!Number.isInteger(value) || value < 1))
        throw new DomainError('invalid', 'invalid_limit', `${name} must be a whole number of at least 1`);
    }
    const key = `gp_${isPublic ? 'pub' : 'sk'}_${randomBytes(24).toString('base64url')}`;
    const row = await this.sql.get<KeyRow>(
      `INSERT INTO api_keys (key_hash, key_prefix, label, plan, is_public, allowed_origins, monthly_limit_override, rate_limit_override, created_at, owner_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
      [
        sha256(key),
        key.slice(0, 12),
        options.label ?? null,
        options.plan,
        isPublic ? 1 : 0,
        JSON.stringify(origins),
        options.monthlyLimitOverride ?? null,
        options.rateLimitOverride ?? null,
        this.clock().toISOString(),
        options.ownerId ?? null,
      ],
    );
    return { key, record: toRecord(row!) };
  }

  /** The key with this hash, revoked or not (a revoked key is refused as such, not as unknown), or null. */
  async findByHash(hash: string): Promise<ApiKeyRecord | null> {
    const row = await this.sql.get<KeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE key_hash = ?`, [hash]);
    return row ? toRecord(row) : null;
  }

  /** Every key, oldest first (the operator's `key list`, the tests). */
  async list(): Promise<ApiKeyRecord[]> {
    return (await this.sql.all<KeyRow>(`SELECT ${COLUMNS} FROM api_keys ORDER BY id`)).map(toRecord);
  }

  /** Keys a developer account created, active and revoked, oldest first. */
  async listOwned(ownerId: number): Promise<ApiKeyRecord[]> {
    return (
      await this.sql.all<KeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE owner_id = ? ORDER BY id`, [ownerId])
    ).map(toRecord);
  }

  /**
   * Revokes the key with this id, prefix (its first 12 characters, or more of it), or the whole key (found by its hash);
   * resolves with the revoked record, null when none was active.
   */
  async revoke(target: number | string | { key: string }): Promise<ApiKeyRecord | null> {
    const [column, value] =
      typeof target === 'number'
        ? ['id', target]
        : typeof target === 'string'
          ? ['key_prefix', target.slice(0, 12)]
          : ['key_hash', sha256(target.key)];
    const row = await this.sql.get<KeyRow>(
      `UPDATE api_keys SET revoked_at = ? WHERE ${column} = ? AND revoked_at IS NULL RETURNING ${COLUMNS}`,
      [this.clock().toISOString(), value],
    );
    return row ? toRecord(row) : null;
  }

  /** Revokes key `id` only if `ownerId` owns it; null when it is not theirs or not active. */
  async revokeOwned(ownerId: number, id: number): Promise<ApiKeyRecord | null> {
    const row = await this.sql.get<KeyRow>(
      `UPDATE api_keys SET revoked_at = ? WHERE id = ? AND owner_id = ? AND revoked_at IS NULL RETURNING ${COLUMNS}`,
      [this.clock().toISOString(), id, ownerId],
    );
    return row ? toRecord(row) : null;
  }

  /**
   * Hashes of keys revoked or changed (their origins) at or after `since` (ISO time), so every node drops them from
   * its cache: a revoked key is then refused, a changed one read again.
   */
  async revokedSince(since: string): Promise<string[]> {
    const rows = await this.sql.all<{ key_hash: string }>(
      'SELECT key_hash FROM api_keys WHERE revoked_at >= ? OR changed_at >= ?',
      [since, since],
    );
    return rows.map((r) => r.key_hash);
  }

  /**
   * Moves every key of account `ownerId` to `plan` (an account's plan is its keys'); every node's cache reads them
   * again within a revocation poll. The number of keys moved.
   */
  async setOwnerPlan(ownerId: number, plan: PlanName): Promise<number> {
    return this.sql.run('UPDATE api_keys SET plan = ?, changed_at = ? WHERE owner_id = ? AND plan <> ?', [
      plan,
      this.clock().toISOString(),
      ownerId,
      plan,
    ]);
  }

  /** Replaces the origins of key `id` (normalised); every node's cache reads it again within a revocation poll. */
  async setOrigins(id: number, origins: string[]): Promise<void> {
    await this.sql.run('UPDATE api_keys SET allowed_origins = ?, changed_at = ? WHERE id = ?', [
      JSON.stringify(origins.map(normaliseOrigin)),
      this.clock().toISOString(),
      id,
    ]);
  }
}
