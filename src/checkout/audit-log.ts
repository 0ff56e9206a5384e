// The merchant's audit log: who (a dashboard user or an api key) changed settings, keys or offers, what, and when.
import type { Clock } from '../kernel/clock.ts';
import type { Log } from '../kernel/log.ts';
import type { Sql } from '../db/sql.ts';
import type { Merchant } from './merchant-repository.ts';

/** The merchant as the admin routes see it, with who is acting: a dashboard user's email or an api key's prefix. */
export type MerchantPrincipal = Merchant & { actor: string };

/** Each changed field: its value before and after (long lists shortened, secrets only as "set"). */
export type Changes = Record<string, { from: unknown; to: unknown }>;

export interface AuditEntry {
  id: number;
  actor: string;
  action: string;
  target: string | null;
  changes: Changes;
  created_at: string;
}

/** Items of a list kept in an entry; a blocked-pincode list of 20,000 is summarised, not copied into every entry. */
const LIST_ITEMS = 20;

/** A value as the log keeps it: lists beyond LIST_ITEMS become their first items and a count. */
function kept(value: unknown): unknown {
  if (!Array.isArray(value) || value.length <= LIST_ITEMS) return value;
  const list = value as unknown[];
  return [...list.slice(0, LIST_ITEMS), `… ${list.length - LIST_ITEMS} more (${list.length} in all)`];
}

/** The fields of `after` whose value differs from `before` (compared as JSON). */
export function changesOf(before: object, after: object, fields: readonly string[]): Changes {
  const out: Changes = {};
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  for (const field of fields) {
    if (a[field] === undefined) continue;
    if (JSON.stringify(b[field] ?? null) === JSON.stringify(a[field] ?? null)) continue;
    out[field] = { from: kept(b[field] ?? null), to: kept(a[field] ?? null) };
  }
  return out;
}

export class AuditLog {
  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
    private readonly log: Log,
  ) {}

  in(tx: Sql): AuditLog {
    return new AuditLog(tx, this.clock, this.log);
  }

  /** Writes one entry (nothing when `changes` is empty: a save that changed nothing is no event) and logs it. */
  async record(
    merchantId: string,
    actor: string,
    action: string,
    target: string | null,
    changes: Changes,
  ): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await this.sql.run(
      'INSERT INTO audit_log (merchant_id, actor, action, target, changes, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      [merchantId, actor, action, target, JSON.stringify(changes), this.clock().toISOString()],
    );
    this.log.info(
      { merchant_id: merchantId, actor, action, target, fields: Object.keys(changes) },
      `admin change: ${action}`,
    );
  }

  /** Newest first. */
  async list(merchantId: string, limit: number, offset: number): Promise<{ entries: AuditEntry[]; total: number }> {
    const rows = await this.sql.all<Omit<AuditEntry, 'changes'> & { changes: string }>(
      `SELECT id, actor, action, target, changes, created_at FROM audit_log WHERE merchant_id = ?
       ORDER BY id DESC LIMIT ? OFFSET ?`,
      [merchantId, limit, offset],
    );
    const total = await this.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM audit_log WHERE merchant_id = ?', [
      merchantId,
    ]);
    return { entries: rows.map((r) => ({ ...r, changes: JSON.parse(r.changes) as Changes })), total: total?.n ?? 0 };
  }
}
