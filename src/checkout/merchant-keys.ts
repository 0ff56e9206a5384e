// The merchant's own api keys from its dashboard: listed with their state, rotated with an overlap, audited.
import { extend } from '../kernel/extend.ts';
import type { Clock } from '../kernel/clock.ts';
import type { Sql } from '../db/sql.ts';
import type { AuditLog, MerchantPrincipal } from './audit-log.ts';
import type { MerchantKeyInfo, MerchantRepository } from './merchant-repository.ts';

/** A key as the dashboard lists it: its prefix, dates, and what it does now. */
export interface MerchantKeyView extends MerchantKeyInfo {
  /** active: works with no end; expiring: works until expires_at (an overlap); expired or revoked: refused. */
  state: 'active' | 'expiring' | 'expired' | 'revoked';
}

/** Longest overlap the dashboard offers: a week for the slowest deployment to pick the new key up. */
export const MAX_OVERLAP_HOURS = 168;

export class MerchantKeys {
  constructor(
    private readonly sql: Sql,
    private readonly merchants: MerchantRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async list(merchantId: string): Promise<MerchantKeyView[]> {
    const now = this.clock().toISOString();
    return (await this.merchants.keys(merchantId)).reverse().map((k) => extend(k, { state: stateOf(k, now) }));
  }

  /**
   * Issues a new key, the only time it is shown; the live ones keep working for `overlapHours` (0: refused at once).
   * The rotation is in the audit log with who did it and the prefixes before and after.
   */
  async rotate(merchant: MerchantPrincipal, overlapHours: number) {
    const before = (await this.list(merchant.id)).filter((k) => k.state === 'active' || k.state === 'expiring');
    const apiKey = await this.sql.transaction(async (tx) => {
      const key = await this.merchants.in(tx).rotateKey(merchant.id, Math.round(overlapHours * 3600));
      await this.audit.in(tx).record(merchant.id, merchant.actor, 'rotate_api_key', key.slice(0, 12), {
        live_keys: { from: before.map((k) => k.prefix), to: [key.slice(0, 12)] },
        overlap_hours: { from: null, to: overlapHours },
      });
      return key;
    });
    return {
      api_key: apiKey,
      prefix: apiKey.slice(0, 12),
      overlap_hours: overlapHours,
      keys: await this.list(merchant.id),
    };
  }
}

function stateOf(k: MerchantKeyInfo, now: string): MerchantKeyView['state'] {
  if (k.revoked_at) return 'revoked';
  if (k.expires_at === null) return 'active';
  return k.expires_at > now ? 'expiring' : 'expired';
}
