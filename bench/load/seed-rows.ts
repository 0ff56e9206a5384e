// Bulk rows for the per-route bench: buyers, sessions with their tokens, addresses, payments; many rows a statement.
import { randomBytes } from 'node:crypto';
import type { Sql } from '../../src/db/sql.ts';
import { sha256 } from '../../src/kernel/crypto.ts';
import { newId } from '../../src/kernel/ids.ts';
import { insertRows as insertInChunks } from '../../src/db/insert-rows.ts';

/** Real pincodes with the city and state the directory gives them: address checks and geocoding do their usual work. */
export const PLACES = [
  { street_name: 'MG Road', locality: 'Shivajinagar', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' },
  { street_name: 'Janpath', locality: 'Connaught Place', city: 'New Delhi', state: 'Delhi', pincode: '110001' },
  {
    street_name: 'Andheri Kurla Road',
    locality: 'Andheri East',
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400069',
  },
  { street_name: 'Usman Road', locality: 'T Nagar', city: 'Chennai', state: 'Tamil Nadu', pincode: '600017' },
] as const;

/** One seeded session: its token (what the widget sends), and what the pools hang on it. */
export interface SeededSession {
  token: string;
  sessionId: string;
  buyerId: string;
  email: string;
  addressIds: string[];
}

export interface SessionSeed {
  merchantId: string;
  count: number;
  /** Addresses per buyer; the first is the default. */
  addresses: number;
  status: 'verified' | 'address_completed';
  cartValuePaise: number | null;
  /** created_at spread evenly over this many days before now (the admin listing's window is 30 days). */
  spreadDays: number;
  /** Email prefix, unique per pool. */
  tag: string;
}

/** One multi-row INSERT per 100 rows, all in one transaction. */
export async function insertRows(sql: Sql, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  await sql.transaction((tx) => insertInChunks(tx, table, columns, rows));
}

/** Buyers, their sessions (tokens hashed as the session authenticator looks them up) and addresses. */
export async function seedSessions(sql: Sql, s: SessionSeed): Promise<SeededSession[]> {
  const now = Date.now();
  const seeded: SeededSession[] = [];
  const buyers: unknown[][] = [];
  const sessions: unknown[][] = [];
  const addresses: unknown[][] = [];
  for (let i = 0; i < s.count; i++) {
    const created = new Date(now - ((s.count - i) / s.count) * s.spreadDays * 86_400_000).toISOString();
    const expires = new Date(Date.parse(created) + 30 * 86_400_000).toISOString();
    const email = `${s.tag}-${i}@load.example`;
    const token = `cst_${randomBytes(32).toString('base64url')}`;
    const row: SeededSession = { token, sessionId: newId(), buyerId: newId(), email, addressIds: [] };
    buyers.push([row.buyerId, s.merchantId, email, `Buyer ${i}`, created, created]);
    for (let a = 0; a < s.addresses; a++) {
      const id = newId();
      const place = PLACES[(i + a) % PLACES.length]!;
      row.addressIds.push(id);
      addresses.push([
        id,
        s.merchantId,
        row.buyerId,
        `Buyer ${i}`,
        '+919876543210',
        String(10 + ((i * 7 + a) % 900)),
        place.street_name,
        place.locality,
        place.city,
        place.state,
        place.pincode,
        a === 0 ? 'home' : 'office',
        a === 0 ? 1 : 0,
        created,
        created,
      ]);
    }
    const selected = s.status === 'address_completed' ? (row.addressIds[0] ?? null) : null;
    sessions.push([
      row.sessionId,
      s.merchantId,
      row.buyerId,
      sha256(token),
      'email',
      email,
      s.status,
      s.cartValuePaise,
      s.cartValuePaise === null ? null : 'widget',
      i % 3 === 0 ? 'instagram' : null,
      selected,
      created,
      // Live for the run whatever their created_at (the authenticator refuses an expired token).
      Date.parse(expires) > now + 86_400_000 ? expires : new Date(now + 86_400_000).toISOString(),
      selected ? created : null,
    ]);
    seeded.push(row);
  }
  await insertRows(sql, 'buyers', ['id', 'merchant_id', 'email', 'name', 'created_at', 'updated_at'], buyers);
  await insertRows(
    sql,
    'addresses',
    [
      'id',
      'merchant_id',
      'buyer_id',
      'name',
      'phone',
      'flat_number',
      'street_name',
      'locality',
      'city',
      'state',
      'pincode',
      'label',
      'is_default',
      'created_at',
      'updated_at',
    ],
    addresses,
  );
  await insertRows(
    sql,
    'checkout_sessions',
    [
      'id',
      'merchant_id',
      'buyer_id',
      'token_hash',
      'auth_channel',
      'email',
      'status',
      'cart_value_paise',
      'cart_value_source',
      'utm_source',
      'selected_address_id',
      'created_at',
      'expires_at',
      'address_completed_at',
    ],
    sessions,
  );
  return seeded;
}
