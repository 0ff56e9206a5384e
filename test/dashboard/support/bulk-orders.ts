// Many checkout sessions written straight into the store: a busy shop's month without driving each buyer's checkout.
import { randomUUID } from 'node:crypto';
import type { TestServer } from '../../support/server.ts';

export interface BulkOrders {
  merchantId: string;
  /** A buyer of the shop (sessions need one); each session still gets its own email. */
  buyerId: string;
  count: number;
  /** When the newest is created; older ones follow. */
  newest: Date;
  /** How many share the newest instant (a page boundary among equal times); the rest come in threes a minute apart. */
  sameInstant?: number;
  email?: (i: number) => string;
}

/** Inserts the sessions (verified, with a cart) in one transaction; returns their ids, newest first. */
export async function insertOrders(server: TestServer, o: BulkOrders): Promise<string[]> {
  const ids: string[] = [];
  const rows: unknown[][] = [];
  const same = o.sameInstant ?? 0;
  for (let i = 0; i < o.count; i++) {
    const id = randomUUID();
    ids.push(id);
    const minutes = i < same ? 0 : Math.floor((i - same) / 3) + 1;
    const at = new Date(o.newest.getTime() - minutes * 60_000);
    const email = o.email?.(i) ?? `bulk${i}@example.in`;
    rows.push([id, o.merchantId, o.buyerId, `bulk-${id}`, email, at.toISOString()]);
  }
  await server.parts.sql.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += 500) {
      const part = rows.slice(start, start + 500);
      await tx.run(
        `INSERT INTO checkout_sessions (id, merchant_id, buyer_id, token_hash, auth_channel, email, status,
           cart_value_paise, cart_value_source, created_at, expires_at)
         VALUES ${part.map(() => "(?, ?, ?, ?, 'email', ?, 'verified', 99900, 'merchant', ?, ?)").join(', ')}`,
        part.flatMap((r) => [...r, new Date(Date.parse(r[5] as string) + 3_600_000).toISOString()]),
      );
    }
  });
  // As the listing sorts them: newest first, then by id, descending.
  const key = new Map(rows.map((r) => [r[0] as string, `${r[5] as string} ${r[0] as string}`]));
  return ids.sort((a, b) => (key.get(a)! > key.get(b)! ? -1 : 1));
}
