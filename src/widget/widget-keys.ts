// Each merchant's checkout-widget location key: a public key bound to the merchant's allowed origins, kept readable
// because it is meant to sit in the merchant's page source (as Stripe shows publishable keys in its dashboard).
import type { Sql } from '../db/sql.ts';
import type { ApiKeyRepository } from '../platform/api-keys.ts';
import type { PlanName } from '../platform/plans.ts';

export interface WidgetKeyDeps {
  sql: Sql;
  keys: Pick<ApiKeyRepository, 'create' | 'setOrigins' | 'revoke'>;
  plan: PlanName;
  clock: () => Date;
}

interface Row {
  api_key_id: number;
  public_key: string;
}

export class WidgetKeys {
  constructor(private readonly d: WidgetKeyDeps) {}

  /** The merchant's widget key, or null before it has one. */
  async get(merchantId: string): Promise<string | null> {
    return (await this.row(merchantId))?.public_key ?? null;
  }

  /**
   * The merchant's widget key, made on first need; null while the merchant allows no origin (a public key is bound to
   * at least one). Two requests racing here keep one key: the loser's is revoked at once.
   */
  async ensure(merchantId: string, origins: string[]): Promise<string | null> {
    const existing = await this.row(merchantId);
    if (existing) return existing.public_key;
    if (origins.length === 0) return null;
    const { key, record } = await this.d.keys.create({
      plan: this.d.plan,
      label: `checkout widget of merchant ${merchantId}`,
      isPublic: true,
      allowedOrigins: origins,
    });
    await this.d.sql.run(
      `INSERT INTO merchant_widget_keys (merchant_id, api_key_id, public_key, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (merchant_id) DO NOTHING`,
      [merchantId, record.id, key, this.d.clock().toISOString()],
    );
    const kept = await this.row(merchantId);
    if (kept?.api_key_id !== record.id) await this.d.keys.revoke(record.id);
    return kept?.public_key ?? null;
  }

  /** Keeps the key's origins equal to the merchant's allowed origins (made when the first origin arrives). */
  async originsChanged(merchantId: string, origins: string[]): Promise<void> {
    const existing = await this.row(merchantId);
    if (existing) await this.d.keys.setOrigins(existing.api_key_id, origins);
    else await this.ensure(merchantId, origins);
  }

  private async row(merchantId: string): Promise<Row | undefined> {
    return this.d.sql.get<Row>('SELECT api_key_id, public_key FROM merchant_widget_keys WHERE merchant_id = ?', [
      merchantId,
    ]);
  }
}
