// Email OTP: issue (rate-limited, reused while live, mailed over SMTP) and verify (constant-time, lockout, creates the session).
import type { Mailer } from '../mail/mailer.ts';
import { MailError } from '../mail/mailer.ts';
import { otpEmail } from '../mail/otp-email.ts';
import { HttpError } from '../server/http-error.ts';
import { enqueueWebhook } from '../webhooks/outbox.ts';
import type { BuyerRepository } from './buyer-repository.ts';
import type { OtpRepository } from './otp-repository.ts';
import { newOtpCode, randomId, randomToken, sameHash, sha256, type SecretBox } from './secrets.ts';
import type { SessionRepository, Utm } from './session-repository.ts';

/** Documented limits; the send limits come from configuration. */
export interface OtpPolicy {
  /** @default 600_000 (10 minutes) */
  codeTtlMs: number;
  /** Wrong codes before the lock. @default 5 */
  maxFailedAttempts: number;
  /** How long verify and send answer 429 after the lock. @default 900_000 (15 minutes) */
  lockMs: number;
  /** @default 86_400_000 (24 hours) */
  sessionTtlMs: number;
  /** Sends per email address per rolling hour (across merchants). @default 5 */
  sendsPerEmailHour: number;
  /** Sends per client IP per rolling hour. @default 20 */
  sendsPerIpHour: number;
}

export interface VerifyOptions {
  utm?: Utm;
  cart_value_paise?: number;
}

export interface VerifiedSession {
  success: true;
  session_token: string;
  session_id: string;
  expires_at: string;
  buyer_id: string;
}

const HOUR_MS = 3_600_000;
/** Compared against when no code exists, so a miss costs the same as a wrong code. */
const DUMMY_HASH = '0'.repeat(64);

export class OtpService {
  constructor(
    private readonly otps: OtpRepository,
    private readonly buyers: BuyerRepository,
    private readonly sessions: SessionRepository,
    private readonly secrets: SecretBox,
    private readonly mailer: Mailer,
    private readonly policy: OtpPolicy,
  ) {}

  /**
   * Issues a code unless a live one exists (then `reused: true` and no mail). The work done never depends on whether
   * the email belongs to a known buyer: buyers are not consulted here at all.
   */
  async send(merchantId: string, email: string, ip: string): Promise<{ success: true; reused: boolean; expires_at: string }> {
    const now = Date.now();
    this.checkSendLimits(email, ip, now);
    const latest = this.otps.latest(merchantId, email);
    if (latest?.locked_until && Date.parse(latest.locked_until) > now) throw locked(latest.locked_until, now);
    this.otps.logSend(email, ip, iso(now));
    if (latest && !latest.consumed_at && Date.parse(latest.expires_at) > now && latest.failed_attempts < this.policy.maxFailedAttempts) {
      return { success: true, reused: true, expires_at: latest.expires_at };
    }
    const code = newOtpCode();
    const expiresAt = iso(now + this.policy.codeTtlMs);
    const id = this.otps.insert(merchantId, email, this.secrets.hashOtp(merchantId, email, code), iso(now), expiresAt);
    try {
      await this.mailer.send(otpEmail(email, code, Math.round(this.policy.codeTtlMs / 60_000)));
    } catch (err) {
      // The buyer never got this code, so it must not be "reused" by the next send.
      this.otps.delete(id);
      throw mailHttpError(err);
    }
    return { success: true, reused: false, expires_at: expiresAt };
  }

  /** Checks the code; on success consumes it, finds or creates the buyer, opens a session and queues session.email_verified. */
  verify(merchantId: string, email: string, code: string, options: VerifyOptions = {}): VerifiedSession {
    const now = Date.now();
    const latest = this.otps.latest(merchantId, email);
    if (latest?.locked_until && Date.parse(latest.locked_until) > now) throw locked(latest.locked_until, now);
    const matches = sameHash(this.secrets.hashOtp(merchantId, email, code), latest?.code_hash ?? DUMMY_HASH);
    if (!latest || latest.consumed_at || latest.failed_attempts >= this.policy.maxFailedAttempts) {
      throw new HttpError(400, 'invalid_code', 'The code is wrong or was already used; request a new one');
    }
    if (Date.parse(latest.expires_at) <= now) throw new HttpError(400, 'code_expired', 'The code has expired; request a new one');
    if (!matches) {
      const failures = latest.failed_attempts + 1;
      const lockedUntil = failures >= this.policy.maxFailedAttempts ? iso(now + this.policy.lockMs) : null;
      this.otps.recordFailure(latest.id, lockedUntil);
      if (lockedUntil) throw locked(lockedUntil, now);
      const remaining = this.policy.maxFailedAttempts - failures;
      throw new HttpError(400, 'invalid_code', 'The code is wrong', {}, { attempts_remaining: remaining });
    }
    return this.openSession(merchantId, email, latest.id, now, options);
  }

  private openSession(merchantId: string, email: string, otpId: number, now: number, options: VerifyOptions): VerifiedSession {
    const token = randomToken('cst_');
    const sessionId = randomId('cs');
    const expiresAt = iso(now + this.policy.sessionTtlMs);
    const at = iso(now);
    const buyerId = this.otps.db.transaction(() => {
      if (!this.otps.consume(otpId, at)) throw new HttpError(400, 'invalid_code', 'The code was already used; request a new one');
      const buyer = this.buyers.findOrCreateByEmail(merchantId, email, at);
      this.sessions.insert({
        id: sessionId, merchant_id: merchantId, buyer_id: buyer, token_hash: sha256(token), email,
        cart_value_paise: options.cart_value_paise ?? null, utm: options.utm ?? {}, created_at: at, expires_at: expiresAt,
      });
      enqueueWebhook(this.otps.db, {
        event: 'session.email_verified', merchant_id: merchantId, buyer_id: buyer, session_id: sessionId,
        auth_channel: 'email', timestamp: at, data: { email },
      }, new Date(now));
      return buyer;
    }).immediate();
    return { success: true, session_token: token, session_id: sessionId, expires_at: expiresAt, buyer_id: buyerId };
  }

  private checkSendLimits(email: string, ip: string, now: number): void {
    const since = iso(now - HOUR_MS);
    const sends = this.otps.recentSends(email, ip, since);
    for (const [kind, count, limit] of [['email', sends.email, this.policy.sendsPerEmailHour], ['IP', sends.ip, this.policy.sendsPerIpHour]] as const) {
      if (count.n < limit) continue;
      const retryAfter = Math.max(1, Math.ceil((Date.parse(count.oldest ?? iso(now)) + HOUR_MS - now) / 1000));
      throw new HttpError(429, 'rate_limited', `Too many codes requested for this ${kind}; try again in ${retryAfter} s`, { 'retry-after': String(retryAfter) });
    }
    // Opportunistic pruning keeps the log at about one hour of rows.
    this.otps.prune(since);
  }
}

function locked(until: string, now: number): HttpError {
  const retryAfter = Math.max(1, Math.ceil((Date.parse(until) - now) / 1000));
  return new HttpError(429, 'otp_locked', `Too many wrong codes; request a new code after ${until}`, { 'retry-after': String(retryAfter) }, { locked_until: until });
}

function mailHttpError(err: unknown): HttpError {
  if (err instanceof MailError && err.code === 'mail_not_configured') return new HttpError(503, 'email_not_configured', 'Email delivery is not configured');
  console.error('[checkout] OTP email failed:', err);
  return new HttpError(502, 'email_send_failed', 'The verification email could not be sent; try again');
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
