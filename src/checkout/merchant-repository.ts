// Prepared statements for the merchant aggregate: the merchant row with its config sections, and its hashed API keys.
import type { Db } from '../db/open.ts';
import { randomId, randomToken, sha256 } from './secrets.ts';

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

interface MerchantRow extends Omit<Merchant, 'allowed_origins' | 'cod_blocked_pincodes' | 'enable_cod' | 'payment_enabled'> {
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

export class MerchantRepository {
  private readonly insertMerchant;
  private readonly insertKey;
  private readonly byIdStmt;
  private readonly byKeyStmt;
  private readonly settingsStmt;
  private readonly codStmt;
  private readonly webhookStmt;
  private readonly paymentStmt;

  constructor(readonly db: Db) {
    this.insertMerchant = db.prepare(
      `INSERT INTO merchants (id, name, allowed_origins, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
    );
    this.insertKey = db.prepare('INSERT INTO merchant_api_keys (merchant_id, key_hash, key_prefix, created_at) VALUES (?, ?, ?, ?)');
    this.byIdStmt = db.prepare<[string], MerchantRow>('SELECT * FROM merchants WHERE id = ?');
    this.byKeyStmt = db.prepare<[string], MerchantRow>(
      `SELECT m.* FROM merchant_api_keys k JOIN merchants m ON m.id = k.merchant_id WHERE k.key_hash = ? AND k.revoked_at IS NULL`,
    );
    this.settingsStmt = db.prepare('UPDATE merchants SET allowed_origins = ?, courier_coverage_url = ?, updated_at = ? WHERE id = ?');
    this.codStmt = db.prepare(
      'UPDATE merchants SET enable_cod = ?, cod_max_cart_value_paise = ?, cod_blocked_pincodes = ?, updated_at = ? WHERE id = ?',
    );
    this.webhookStmt = db.prepare('UPDATE merchants SET webhook_url = ?, webhook_secret_enc = ?, updated_at = ? WHERE id = ?');
    this.paymentStmt = db.prepare(
      'UPDATE merchants SET payment_enabled = ?, gateway_key_id = ?, gateway_secret_enc = ?, updated_at = ? WHERE id = ?',
    );
  }

  /** Creates a merchant and its first API key; the key is returned in clear text only here. */
  create(name: string, allowedOrigins: string[] = []): { merchant: Merchant; apiKey: string } {
    const id = randomId('mer');
    const now = new Date().toISOString();
    const apiKey = this.db.transaction(() => {
      this.insertMerchant.run(id, name, JSON.stringify(allowedOrigins), now, now);
      return this.addApiKey(id);
    })();
    return { merchant: this.byId(id)!, apiKey };
  }

  /** Issues another key for the merchant ("ck_" + 256 random bits); only its sha256 is stored. */
  addApiKey(merchantId: string): string {
    const key = randomToken('ck_');
    this.insertKey.run(merchantId, sha256(key), key.slice(0, 10), new Date().toISOString());
    return key;
  }

  byId(id: string): Merchant | null {
    const row = this.byIdStmt.get(id);
    return row ? toMerchant(row) : null;
  }

  /** The merchant a (non-revoked) key belongs to. */
  byApiKey(key: string): Merchant | null {
    const row = this.byKeyStmt.get(sha256(key));
    return row ? toMerchant(row) : null;
  }

  saveSettings(m: Pick<Merchant, 'id' | 'allowed_origins' | 'courier_coverage_url'>): void {
    this.settingsStmt.run(JSON.stringify(m.allowed_origins), m.courier_coverage_url, new Date().toISOString(), m.id);
  }

  saveCod(m: Pick<Merchant, 'id' | 'enable_cod' | 'cod_max_cart_value_paise' | 'cod_blocked_pincodes'>): void {
    this.codStmt.run(m.enable_cod ? 1 : 0, m.cod_max_cart_value_paise, JSON.stringify(m.cod_blocked_pincodes), new Date().toISOString(), m.id);
  }

  saveWebhook(m: Pick<Merchant, 'id' | 'webhook_url' | 'webhook_secret_enc'>): void {
    this.webhookStmt.run(m.webhook_url, m.webhook_secret_enc, new Date().toISOString(), m.id);
  }

  savePayment(m: Pick<Merchant, 'id' | 'payment_enabled' | 'gateway_key_id' | 'gateway_secret_enc'>): void {
    this.paymentStmt.run(m.payment_enabled ? 1 : 0, m.gateway_key_id, m.gateway_secret_enc, new Date().toISOString(), m.id);
  }
}
