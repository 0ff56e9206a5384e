// Email OTP: send (scoped limits, a live code reused, mailed over SMTP) and verify (constant time, scoped lockout, opens the session).
import type { Clock } from '../kernel/clock.ts';
import { retryLater } from '../kernel/retry-later.ts';
import { DomainError } from '../kernel/errors.ts';
import { newId } from '../kernel/ids.ts';
import type { Log } from '../kernel/log.ts';
import { waitText } from '../kernel/wait-text.ts';
import type { Sql } from '../db/sql.ts';
import type { RateCounter } from '../limits/rate-counter.ts';
import { MailError, type Mailer, type MailMessage } from '../mail/mailer.ts';
import { otpEmail } from '../mail/otp-email.ts';
import { sha256 } from '../kernel/crypto.ts';
import type { BuyerRepository } from './buyer-repository.ts';
import type { OtpCode, OtpRepository } from './otp-repository.ts';
import type { WebhookOutbox } from './ports.ts';
import { newOtpCode, randomToken, sameHash, type SecretBox } from './secrets.ts';
import type { OtpPolicy } from './otp-policy.ts';
import type { SessionRepository, Utm } from './session-repository.ts';

/** How one send request treats a live code. */
export interface IssueOptions {
  /**
   * Mail a new code (replacing the live one) once the live one is this old: the dashboards' "send again". Without it a
   * live code is reused and nothing is mailed, as the checkout document says of send.
   */
  resendAfterMs?: number;
  /** The wait doubles with each mail to the email in the last hour after the first (a buyer's "Resend code"). */
  doubling?: boolean;
}

/** The checkout's "Resend code": a new code 30 s after the first mail, then 60 s, 2 min, … after each later one. */
export const CHECKOUT_RESEND: IssueOptions = { resendAfterMs: 30_000, doubling: true };

export interface SendResult {
  reused: boolean;
  message: string;
  expires_at: string;
}

export interface VerifiedSession {
  session_token: string;
  session_id: string;
  expires_at: string;
  buyer_id: string;
}

export interface OtpDeps {
  sql: Sql;
  otps: OtpRepository;
  buyers: BuyerRepository;
  sessions: SessionRepository;
  secrets: SecretBox;
  mailer: Mailer;
  counter: RateCounter;
  outbox: Pick<WebhookOutbox, 'enqueue'>;
  clock: Clock;
  policy: OtpPolicy;
  /** Called after a session.email_verified row committed (wakes the webhook dispatcher). */
  queued: () => void;
  log: Log;
  /** Called once per send request with what became of it (metrics). */
  onSend?(result: 'mailed' | 'reused' | 'refused'): void;
}

const HOUR_MS = 3_600_000;
/** Compared against when no code exists, so a miss costs the same as a wrong code. */
const DUMMY_HASH = '0'.repeat(64);

export class OtpService {
  constructor(private readonly d: OtpDeps) {}

  /** Issues a code unless a live one exists (then `reused` and no mail); the work never depends on whether the buyer exists. */
  send(merchantId: string, email: string, ip: string): Promise<SendResult> {
    return this.issue(merchantId, email, ip, (code, ttlMinutes) => otpEmail(email, code, ttlMinutes), CHECKOUT_RESEND);
  }

  /**
   * `send` for any scope: a merchant id for buyers, or a dashboard's own scope (its codes never open a checkout session),
   * with the mail `compose` writes. Same limits, reuse and lockouts; every outcome is counted (metrics).
   */
  async issue(
    scope: string,
    email: string,
    ip: string,
    compose: (code: string, ttlMinutes: number) => MailMessage,
    options: IssueOptions = {},
  ): Promise<SendResult> {
    try {
      const result = await this.issueCode(scope, email, ip, compose, options);
      this.d.onSend?.(result.reused ? 'reused' : 'mailed');
      return result;
    } catch (err) {
      this.d.onSend?.('refused');
      throw err;
    }
  }

  private async issueCode(
    scope: string,
    email: string,
    ip: string,
    compose: (code: string, ttlMinutes: number) => MailMessage,
    options: IssueOptions,
  ): Promise<SendResult> {
    const { d } = this;
    const now = d.clock();
    await this.limit('otp_send_ip', d.policy.sendsPerIpHour, ip, 'Too many codes requested from this address');
    // One transaction locked on (scope, email): concurrent sends on any node open one code and mail it once.
    const opened = await d.sql.transaction((tx) => this.openCode(d.otps.in(tx), scope, email, now, options));
    if ('live' in opened) {
      return {
        reused: true,
        message: 'A code was already sent to this email and is still valid',
        expires_at: opened.live.expires_at,
      };
    }
    try {
      // Only a send that mails counts here: a resend that reuses the live code costs the buyer none of their sends.
      await this.limit(
        'otp_send_email',
        d.policy.sendsPerEmailHour,
        `${scope}|${email}|${ip}`,
        'Too many codes requested for this email',
      );
    } catch (err) {
      // Refused before it was mailed: no later send may call it live and reuse it (nor, once the store is back, a
      // send after an outage that stopped this one: it would say "still valid" of a code never mailed).
      await this.forget(opened.id);
      throw err;
    }
    try {
      await d.mailer.send(compose(opened.code, Math.round(d.policy.codeTtlMs / 60_000)));
    } catch (err) {
      // The buyer never got this code, so it must not be "reused" by the next send.
      await this.forget(opened.id);
      throw mailError(err, d.log);
    }
    await d.otps.logMail(scope, email, ip, now.toISOString());
    return { reused: false, message: 'A verification code was sent to this email', expires_at: opened.expiresAt };
  }

  /** Deletes a code that was never mailed; a store out of reach takes the delete once it answers again. */
  private async forget(id: number): Promise<void> {
    await this.d.otps.delete(id).catch(() => retryLater(() => this.d.otps.delete(id)));
  }

  /** Inside a transaction: the live code, else a new one stored (after the wait burned codes impose). */
  private async openCode(
    otps: OtpRepository,
    scope: string,
    email: string,
    now: Date,
    options: IssueOptions,
  ): Promise<{ live: OtpCode } | { id: number; code: string; expiresAt: string }> {
    const { d } = this;
    await otps.lock(scope, email);
    const latest = await otps.latest(scope, email);
    if (
      latest &&
      !latest.consumed_at &&
      Date.parse(latest.expires_at) > now.getTime() &&
      latest.failed_attempts < d.policy.maxCodeFailures &&
      !(await this.resendDue(otps, scope, email, now.getTime() - Date.parse(latest.created_at), now, options))
    ) {
      return { live: latest };
    }
    await this.waitAfterBurned(otps, scope, email, now);
    const code = newOtpCode();
    const expiresAt = new Date(now.getTime() + d.policy.codeTtlMs).toISOString();
    const id = await otps.insert(scope, email, d.secrets.hashOtp(scope, email, code), now.toISOString(), expiresAt);
    return { id, code, expiresAt };
  }

  /** Whether a live code `ageMs` old is replaced by a new one mailed (IssueOptions), rather than reused. */
  private async resendDue(
    otps: OtpRepository,
    scope: string,
    email: string,
    ageMs: number,
    now: Date,
    { resendAfterMs, doubling }: IssueOptions,
  ): Promise<boolean> {
    if (resendAfterMs === undefined || ageMs < resendAfterMs) return false;
    if (!doubling) return true;
    // Doubling bounds what a flood of sends from many addresses can mail one inbox to about nine mails an hour.
    const mailed = await otps.mailsSince(scope, email, new Date(now.getTime() - HOUR_MS).toISOString());
    return ageMs >= resendAfterMs * 2 ** Math.max(0, mailed - 1);
  }

  /** Refuses a new code while the spacing after codes burned in the last hour (mailGapsSeconds) lasts. */
  private async waitAfterBurned(otps: OtpRepository, scope: string, email: string, now: Date): Promise<void> {
    const { d } = this;
    const since = new Date(now.getTime() - HOUR_MS).toISOString();
    const burned = await otps.burnedSince(scope, email, since, d.policy.maxCodeFailures);
    const gaps = d.policy.mailGapsSeconds;
    const gapMs = (gaps[Math.min(burned.n - 1, gaps.length - 1)] ?? 0) * 1000;
    const waitMs = burned.latest === null ? 0 : Date.parse(burned.latest) + gapMs - now.getTime();
    if (waitMs > 0) {
      const retry = Math.ceil(waitMs / 1000);
      throw new DomainError(
        'rate_limited',
        'rate_limited',
        `A code was mailed to this email a moment ago; the next can be sent in ${waitText(retry)}`,
        { retryAfterSeconds: retry },
      );
    }
  }

  /** Checks the code; on success consumes it, finds or creates the buyer, opens a session and queues session.email_verified. */
  async verify(
    merchantId: string,
    email: string,
    code: string,
    ip: string,
    options: { utm?: Utm; cart_value_paise?: number } = {},
  ): Promise<VerifiedSession> {
    const codeId = await this.check(merchantId, email, code, ip);
    const session = await this.openSession(merchantId, email, codeId, this.d.clock(), options);
    this.d.queued();
    return session;
  }

  /** `verify` for a dashboard's scope: checks and consumes the code, and nothing else (the caller opens its own session). */
  async redeem(scope: string, email: string, code: string, ip: string): Promise<void> {
    const codeId = await this.check(scope, email, code, ip);
    if (!(await this.d.otps.consume(codeId, this.d.clock().toISOString()))) {
      throw new DomainError('unauthorized', 'invalid_code', 'The code was already used; request a new one', {
        details: { attempts_remaining: 0 },
      });
    }
  }

  /** The id of the live code `code` matches (lockouts and limits applied); throws for a wrong, used or expired code. */
  private async check(merchantId: string, email: string, code: string, ip: string): Promise<number> {
    const { d } = this;
    const now = d.clock();
    const lock = await d.otps.failures(merchantId, email, ip);
    if (lock?.locked_until && Date.parse(lock.locked_until) > now.getTime()) throw locked(lock.locked_until, now);
    const spray = { scope: 'otp_fail_ip', limit: d.policy.failuresPerIpHour, windowSeconds: 3600 };
    const sprayed = await d.counter.count(spray, ip);
    if (!sprayed.allowed) {
      throw new DomainError(
        'rate_limited',
        'rate_limited',
        `Too many wrong codes from this address; try again in ${waitText(sprayed.retryAfterSeconds)}`,
        {
          retryAfterSeconds: sprayed.retryAfterSeconds,
        },
      );
    }
    const latest = await d.otps.latest(merchantId, email);
    const matches = sameHash(d.secrets.hashOtp(merchantId, email, code), latest?.code_hash ?? DUMMY_HASH);
    if (!latest || latest.consumed_at || latest.failed_attempts >= d.policy.maxCodeFailures) {
      throw new DomainError(
        'unauthorized',
        'invalid_code',
        'The code is wrong or was already used; request a new one',
        { details: { attempts_remaining: 0 } },
      );
    }
    if (Date.parse(latest.expires_at) <= now.getTime()) {
      throw new DomainError('unauthorized', 'code_expired', 'The code has expired; request a new one', {
        details: { attempts_remaining: 0 },
      });
    }
    if (!matches) {
      await this.replacedCode(merchantId, email, code, latest, now, lock?.failures ?? 0);
      return this.wrongCode(latest.id, merchantId, email, ip, now);
    }
    // Most buyers type the code right the first time: no failures row, no DELETE (a round trip on PostgreSQL).
    if (lock) await d.otps.clearFailures(merchantId, email, ip);
    return latest.id;
  }

  /**
   * A code a newer one replaced (the buyer sent again, or a client retried a send that had timed out) is the buyer's own,
   * not a guess: said so, without counting as a wrong try.
   */
  private async replacedCode(
    merchantId: string,
    email: string,
    code: string,
    latest: OtpCode,
    now: Date,
    failures: number,
  ): Promise<void> {
    const { d } = this;
    const earlier = await d.otps.replaced(merchantId, email, latest.id, now.toISOString());
    if (!earlier || !sameHash(d.secrets.hashOtp(merchantId, email, code), earlier.code_hash)) return;
    const left = Math.min(d.policy.lockAfterFailures - failures, d.policy.maxCodeFailures - latest.failed_attempts);
    throw new DomainError(
      'unauthorized',
      'code_replaced',
      'This code was replaced by a newer one we emailed since; enter the code from the latest email',
      { details: { attempts_remaining: Math.max(0, left) } },
    );
  }

  private async wrongCode(codeId: number, merchantId: string, email: string, ip: string, now: Date): Promise<never> {
    const { d } = this;
    const codeFailures = await d.otps.recordCodeFailure(codeId);
    await d.counter.hit({ scope: 'otp_fail_ip', limit: d.policy.failuresPerIpHour, windowSeconds: 3600 }, ip);
    const lockUntil = new Date(now.getTime() + d.policy.lockMs).toISOString();
    const state = await d.otps.recordFailure(
      merchantId,
      email,
      ip,
      now,
      d.policy.lockMs,
      d.policy.lockAfterFailures,
      lockUntil,
    );
    if (state.locked_until) throw locked(state.locked_until, now);
    const remaining = Math.max(
      0,
      Math.min(d.policy.lockAfterFailures - state.failures, d.policy.maxCodeFailures - codeFailures),
    );
    throw new DomainError('unauthorized', 'invalid_code', 'The code is wrong', {
      details: { attempts_remaining: remaining },
    });
  }

  private async openSession(
    merchantId: string,
    email: string,
    otpId: number,
    now: Date,
    options: { utm?: Utm; cart_value_paise?: number },
  ): Promise<VerifiedSession> {
    const { d } = this;
    const token = randomToken('cst_');
    const sessionId = newId();
    const at = now.toISOString();
    const expiresAt = new Date(now.getTime() + d.policy.sessionTtlMs).toISOString();
    const buyerId = await d.sql.transaction(async (tx) => {
      if (!(await d.otps.in(tx).consume(otpId, at))) {
        throw new DomainError('unauthorized', 'invalid_code', 'The code was already used; request a new one', {
          details: { attempts_remaining: 0 },
        });
      }
      const buyer = await d.buyers.in(tx).findOrCreateByEmail(merchantId, email);
      await d.sessions.in(tx).insert({
        id: sessionId,
        merchant_id: merchantId,
        buyer_id: buyer,
        token_hash: sha256(token),
        email,
        cart_value_paise: options.cart_value_paise ?? null,
        utm: options.utm ?? {},
        created_at: at,
        expires_at: expiresAt,
      });
      await d.outbox.enqueue(
        tx,
        {
          event: 'session.email_verified',
          merchant_id: merchantId,
          buyer_id: buyer,
          session_id: sessionId,
          auth_channel: 'email',
          timestamp: at,
          data: { email },
        },
        now,
      );
      return buyer;
    });
    return { session_token: token, session_id: sessionId, expires_at: expiresAt, buyer_id: buyerId };
  }

  private async limit(scope: string, limit: number, subject: string, message: string): Promise<void> {
    const hit = await this.d.counter.hit({ scope, limit, windowSeconds: 3600 }, subject);
    if (!hit.allowed) {
      throw new DomainError(
        'rate_limited',
        'rate_limited',
        `${message}; try again in ${waitText(hit.retryAfterSeconds)}`,
        {
          retryAfterSeconds: hit.retryAfterSeconds,
        },
      );
    }
  }
}

function locked(until: string, now: Date): DomainError {
  const retryAfter = Math.max(1, Math.ceil((Date.parse(until) - now.getTime()) / 1000));
  return new DomainError('rate_limited', 'otp_locked', `Too many wrong codes; try again in ${waitText(retryAfter)}`, {
    retryAfterSeconds: retryAfter,
    details: { locked_until: until },
  });
}

function mailError(err: unknown, log: Log): DomainError {
  if (err instanceof MailError && err.code === 'mail_not_configured')
    return new DomainError('unavailable', 'email_not_configured', 'Email delivery is not configured');
  log.error({ err }, 'OTP email failed');
  return new DomainError('upstream', 'email_send_failed', 'The verification email could not be sent; try again');
}
