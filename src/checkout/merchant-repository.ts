// The merchant aggregate in the store: the merchant row with its config sections, and its hashed api keys (with rotation).
import type { Clock } from '../kernel/clock.ts';
import { newId } from '../kernel/ids.ts';
import type { Sql } from '../db/sql.ts';
import { sha256 } from '../kernel/crypto.ts';
import { randomToken } from './secrets.ts';

/** A merchant with its JSON columns parsed; encrypted secrets stay sealed. */
export interface Merchant {
  id: string;
  name: string;
  allowed_origins: string[];
  courier_coverage_url: string | null;
  enable_cod: boolean;
  cod_max_cart_value_paise: number | null;
  cod_blocked_pincodes: string[];
  payment_enabled: boolean;
  gateway_key_id: string | null;
  gateway_secret_enc: string | null;
  webhook_url: string | null;
  webhook_secret_enc: string | null;
  created_at: string;
  updated_at: string;
}

interface MerchantRow extends Omit<
  Merchant,
  'allowed_origins' | 'cod_blocked_pincodes' | 'enable_cod' | 'payment_enabled'
> {
  allowed_origins: string;
  cod_blocked_pincodes: string;
  enable_cod: number;
  payment_enabled: number;
}

function toMerchant(row: MerchantRow): Merchant {
  return {
    ...row,
    allowed_origins: JSON.parse(row.allowed_origins) as string[],
    cod_blocked_pincodes: JSON.parse(row.cod_blocked_pincodes) as string[],
    enable_cod: row.enable_cod === 1,
    payment_enabled: row.payment_enabled === 1,
  };
}

/** A merchant api key as listed (never the key itself). */
export interface MerchantKeyInfo {
  prefix: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
}

export type MerchantConfigPatch = Partial<
  Pick<
    Merchant,
    | 'allowed_origins'
    | 'courier_coverage_url'
    | 'enable_cod'
    | 'cod_max_cart_value_paise'
    | 'cod_blocked_pincodes'
    | 'payment_enabled'
    | 'gateway_key_id'
    | 'gateway_secret_enc'
    | 'webhook_url'
    | 'webhook_secret_enc'
  >
>;

/** The merchant's columns under a prefix, for a query that joins `merchants m` to another table's row. */
const JOINED_PREFIX = 'mc_';
const MERCHANT_COLUMNS: ReadonlyArray<keyof Merchant> = [
  'id',
  'name',
  'allowed_origins',
  'courier_coverage_url',
  'enable_cod',
  'cod_max_cart_value_paise',
  'cod_blocked_pincodes',
  'payment_enabled',
  'gateway_key_id',
  'gateway_secret_enc',
  'webhook_url',
  'webhook_secret_enc',
  'created_at',
  'updated_at',
];
export const JOINED_MERCHANT_COLUMNS = MERCHANT_COLUMNS.map((c) => `m.${c} AS ${JOINED_PREFIX}${c}`).join(', ');

const JOINED_NAMES = MERCHANT_COLUMNS.map((c) => `${JOINED_PREFIX}${c}`);

/** The merchant of a row selected with JOINED_MERCHANT_COLUMNS. */
export function joinedMerchant(row: Record<string, unknown>): Merchant {
  const merchant: Record<string, unknown> = {};
  for (let i = 0; i < MERCHANT_COLUMNS.length; i++) merchant[MERCHANT_COLUMNS[i]!] = row[JOINED_NAMES[i]!];
  return toMerchant(merchant as unknown as MerchantRow);
}

const JSON_COLUMNS = new Set(['allowed_origins', 'cod_blocked_pincodes']);
const BOOL_COLUMNS = new Set(['enable_cod', 'payment_enabled']);

export class MerchantRepository {
  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
  ) {}

  /** Creates a merchant and its first api key; the key is returned in clear text only here. */
  async create(name: string, allowedOrigins: string[] = []): Promise<{ merchant: Merchant; apiKey: string }> {
    const id = newId();
    const now = this.clock().toISOString();
    const apiKey = await this.sql.transaction(async (tx) => {
      await tx.run('INSERT INTO merchants (id, name, allowed_origins, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', [
        id,
        name,
        JSON.stringify(allowedOrigins),
        now,
        now,
      ]);
      return this.insertKey(tx, id, null);
    });
    return { merchant: (await this.byId(id))!, apiKey };
  }

  /** The same repository inside a transaction. */
  in(tx: Sql): MerchantRepository {
    return new MerchantRepository(tx, this.clock);
  }

  /** True when the merchant has a webhook_url (asked with the transaction that queues an event). */
  async hasWebhookUrl(id: string): Promise<boolean> {
    const row = await this.sql.get("SELECT 1 AS x FROM merchants WHERE id = ? AND COALESCE(webhook_url, '') <> ''", [
      id,
    ]);
    return row !== undefined;
  }

  async byId(id: string): Promise<Merchant | null> {
    const row = await this.sql.get<MerchantRow>('SELECT * FROM merchants WHERE id = ?', [id]);
    return row ? toMerchant(row) : null;
  }

  /**
   * The merchant a key belongs to, with the key's prefix and when it stopped working (revoked, or past its rotation
   * overlap), null while it works; null for a key that never existed.
   */
  async byApiKey(key: string): Promise<{ merchant: Merchant; prefix: string; endedAt: string | null } | null> {
    const row = await this.sql.get<
      MerchantRow & { key_prefix: string; key_revoked_at: string | null; key_expires_at: string | null }
    >(
      `SELECT m.*, k.key_prefix, k.revoked_at AS key_revoked_at, k.expires_at AS key_expires_at
       FROM merchant_api_keys k JOIN merchants m ON m.id = k.merchant_id WHERE k.key_hash = ?`,
      [sha256(key)],
    );
    if (!row) return null;
    const { key_prefix: prefix, key_revoked_at: revokedAt, key_expires_at: expiresAt, ...merchant } = row;
    const expired = expiresAt !== null && expiresAt <= this.clock().toISOString() ? expiresAt : null;
    return { merchant: toMerchant(merchant), prefix, endedAt: revokedAt ?? expired };
  }

  /** Writes the given config columns (none: no write) and returns the merchant. */
  async update(id: string, patch: MerchantConfigPatch): Promise<Merchant> {
    const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
    // An empty PATCH changes nothing, not even updated_at.
    if (entries.length === 0) return (await this.byId(id))!;
    const values = entries.map(([k, v]) =>
      JSON_COLUMNS.has(k) ? JSON.stringify(v) : BOOL_COLUMNS.has(k) ? (v ? 1 : 0) : v,
    );
    const assignments = [...entries.map(([k]) => `${k} = ?`), 'updated_at = ?'].join(', ');
    await this.sql.run(`UPDATE merchants SET ${assignments} WHERE id = ?`, [...values, this.clock().toISOString(), id]);
    return (await this.byId(id))!;
  }

  /**
   * Issues a new key; the merchant's other live keys keep working for `overlapSeconds` (0 = revoked now), so a deployment
   * can switch keys without a gap.
   */
  async rotateKey(merchantId: string, overlapSeconds: number): Promise<string> {
    const now = this.clock();
    return this.sql.transaction(async (tx) => {
      const until = new Date(now.getTime() + overlapSeconds * 1000).toISOString();
      await tx.run(
        `UPDATE merchant_api_keys SET expires_at = CASE WHEN expires_at IS NULL OR expires_at > ? THEN ? ELSE expires_at END
         WHERE merchant_id = ? AND revoked_at IS NULL`,
        [until, until, merchantId],
      );
      if (overlapSeconds === 0)
        await tx.run('UPDATE merchant_api_keys SET revoked_at = ? WHERE merchant_id = ? AND revoked_at IS NULL', [
          now.toISOString(),
          merchantId,
        ]);
      return this.insertKey(tx, merchantId, null);
    });
  }

  /** Revokes one key by its prefix (as listed); resolves false when no live key has it. */
  async revokeKey(merchantId: string, prefix: string): Promise<boolean> {
    const changed = await this.sql.run(
      'UPDATE merchant_api_keys SET revoked_at = ? WHERE merchant_id = ? AND key_prefix = ? AND revoked_at IS NULL',
      [this.clock().toISOString(), merchantId, prefix],
    );
    return changed > 0;
  }

  async keys(merchantId: string): Promise<MerchantKeyInfo[]> {
    return this.sql.all<MerchantKeyInfo>(
      'SELECT key_prefix AS prefix, created_at, expires_at, revoked_at FROM merchant_api_keys WHERE merchant_id = ? ORDER BY created_at, id',
      [merchantId],
    );
  }

  /** "ck_" + 256 random bits; only the sha256 is stored. */
  private async insertKey(tx: Sql, merchantId: string, expiresAt: string | null): Promise<string> {
    const key = randomToken('ck_');
    await tx.run(
      'INSERT INTO merchant_api_keys (merchant_id, key_hash, key_prefix, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      [merchantId, sha256(key), key.slice(0, 12), this.clock().toISOString(), expiresAt],
    );
    return key;
  }
}
