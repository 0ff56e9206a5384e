// Secrets at rest and one-way hashes: AES-256-GCM for merchant secrets, HMAC for OTP codes, sha256 for random tokens.
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const FORMAT = 'v1';
/** Opened secrets kept at most: one or two per merchant. */
const MAX_OPENED = 1024;

/** Encrypts and hashes with keys derived from one 32-byte master key. */
export class SecretBox {
  private readonly encKey: Buffer;
  private readonly otpKey: Buffer;
  private readonly checkKey: Buffer;
  private readonly opened = new Map<string, string>();

  constructor(masterKey: Buffer) {
    if (masterKey.length !== 32) throw new Error(`encryption key must be 32 bytes, got ${masterKey.length}`);
    // Separate subkeys, so an OTP hash can never be used against the cipher or the other way round.
    this.encKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'checkout-aes-256-gcm', 32));
    this.otpKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'checkout-otp-hmac', 32));
    this.checkKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'checkout-key-check', 32));
  }

  /** Names the master key without revealing it: the same for the same key, different for another (key-check.ts). */
  keyCheck(): string {
    return createHmac('sha256', this.checkKey).update('checkout master key').digest('hex');
  }

  /** "v1:" + base64(iv | tag | ciphertext). */
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encKey, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${FORMAT}:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
  }

  /**
   * Throws when the text was not produced by `encrypt` with this key (tampered or another key). A merchant's secret is
   * opened on every payment and each opening sets a cipher up, so what opened is kept by its sealed text (a new secret
   * has a new sealed text); failures are not kept.
   */
  decrypt(sealed: string): string {
    let plain = this.opened.get(sealed);
    if (plain === undefined) {
      plain = this.open(sealed);
      if (this.opened.size >= MAX_OPENED) this.opened.clear();
      this.opened.set(sealed, plain);
    }
    return plain;
  }

  private open(sealed: string): string {
    const [format, body] = sealed.split(':');
    if (format !== FORMAT || !body) throw new Error(`unknown secret format, expected ${FORMAT}`);
    const raw = Buffer.from(body, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.encKey, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }

  /** Keyed hash of an OTP code: a 6-digit code is too small a space for a plain hash. */
  hashOtp(merchantId: string, email: string, code: string): string {
    return createHmac('sha256', this.otpKey).update(`${merchantId}\n${email}\n${code}`).digest('hex');
  }
}

/** Where the master key is kept for an SQLite store without CHECKOUT_ENCRYPTION_KEY. */
export function masterKeyFile(dbPath: string): string {
  return join(dirname(dbPath), 'checkout-encryption.key');
}

/**
 * Reads CHECKOUT_ENCRYPTION_KEY (64 hex chars or base64 of 32 bytes), else a key file next to the SQLite database,
 * made when missing unless `create` is false (the store already has secrets sealed with a key: a new one opens none).
 */
export function loadMasterKey(envKey: string | null, dbPath: string | null, create = true): Buffer {
  if (envKey) return parseKey(envKey);
  if (dbPath === null) throw new Error('CHECKOUT_ENCRYPTION_KEY is required when the store is not an SQLite file');
  if (dbPath === ':memory:') return randomBytes(32);
  const file = masterKeyFile(dbPath);
  if (!existsSync(file) && !create)
    throw new Error(
      `${file} is missing, and ${dbPath} was started with the key it held: restore the file from the backup (or set ` +
        'CHECKOUT_ENCRYPTION_KEY to that key); a new key would not open its merchant secrets',
    );
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    try {
      // 'wx' fails if another process created it first; then we read theirs.
      writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return parseKey(readFileSync(file, 'utf8').trim());
}

function parseKey(text: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('CHECKOUT_ENCRYPTION_KEY must be 32 bytes as 64 hex characters or base64');
  return key;
}

/** A random token: prefix + 32 bytes base64url. */
export function randomToken(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** A uniformly random 6-digit code from the CSPRNG. */
export function newOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Constant-time comparison of two hex digests of equal length. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
