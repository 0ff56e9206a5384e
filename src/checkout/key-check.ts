// The master key a store's merchant secrets are sealed with, checked at start: a node started with another key (a
// mistyped CHECKOUT_ENCRYPTION_KEY, a restore without its key file) would look ready and fail every webhook and
// payment.
import { existsSync } from 'node:fs';
import type { Sql } from '../db/sql.ts';
import type { Log } from '../kernel/log.ts';
import { loadMasterKey, masterKeyFile, SecretBox } from './secrets.ts';

const SETTING = 'checkout_key_check';

/**
 * The SecretBox of the store's master key; throws when the key is not the one its secrets were sealed with. The first
 * start records the key's fingerprint (store_settings); a store from before that is checked by opening one secret.
 */
export async function openSecrets(sql: Sql, envKey: string | null, sqlitePath: string | null, log: Log) {
  const recorded = await keyCheckOf(sql);
  const file = envKey === null && sqlitePath !== null && sqlitePath !== ':memory:' ? masterKeyFile(sqlitePath) : null;
  const made = file !== null && !existsSync(file);
  const secrets = new SecretBox(loadMasterKey(envKey, sqlitePath, recorded === null));
  // Info, not a warning: every first start of an SQLite store makes one (load tests count warnings as problems).
  if (made) log.info({ path: file }, 'created the checkout encryption key file: back it up with the database');
  const mine = secrets.keyCheck();
  if (recorded === null) {
    if (!(await opensSealed(sql, secrets))) throw mismatch(envKey);
    await sql.run('INSERT INTO store_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING', [
      SETTING,
      mine,
    ]);
  }
  // Read again after recording: another node starting at the same moment may have recorded its key first.
  const kept = recorded ?? (await keyCheckOf(sql));
  if (kept !== mine) throw mismatch(envKey);
  return secrets;
}

async function keyCheckOf(sql: Sql): Promise<string | null> {
  return (
    (await sql.get<{ value: string }>('SELECT value FROM store_settings WHERE name = ?', [SETTING]))?.value ?? null
  );
}

/** True when the store holds no sealed secret, or `secrets` opens one of them. */
async function opensSealed(sql: Sql, secrets: SecretBox): Promise<boolean> {
  const row = await sql.get<{ sealed: string }>(
    `SELECT COALESCE(webhook_secret_enc, gateway_secret_enc) AS sealed FROM merchants
     WHERE webhook_secret_enc IS NOT NULL OR gateway_secret_enc IS NOT NULL LIMIT 1`,
  );
  if (!row) return true;
  try {
    secrets.decrypt(row.sealed);
    return true;
  } catch {
    return false;
  }
}

function mismatch(envKey: string | null): Error {
  const which = envKey === null ? 'The checkout-encryption.key file beside the database' : 'CHECKOUT_ENCRYPTION_KEY';
  return new Error(
    `${which} is not the key this store's merchant secrets are sealed with: start with that key (refused, so that ` +
      'webhooks and payments do not fail for want of it)',
  );
}
