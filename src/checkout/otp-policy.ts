// The email OTP limits: code and session lifetimes, send and failure limits (README, Email OTP).

/** The documented limits; the two send limits come from configuration. */
export interface OtpPolicy {
  /** @default 600_000 (10 minutes) */
  codeTtlMs: number;
  /** @default 86_400_000 (24 hours) */
  sessionTtlMs: number;
  /** Sends that mail a code per (merchant, email, client address) per hour; reusing a live code is none. @default 5 */
  sendsPerEmailHour: number;
  /** Send requests per client address per hour, all emails, reused ones too. @default 20 */
  sendsPerIpHour: number;
  /**
   * The wait before mailing one (merchant, email) a new code after codes were burned (killed by maxCodeFailures wrong
   * guesses): `mailGapsSeconds[n - 1]` after the latest of n burned in the last hour (the last entry for more).
   * Codes are reused while live (a resend mails only after 30 s, then 60 s, …), so burning them is how a flood
   * forces mails; spacing bounds those, and the buyer behind a flood waits at most the last gap, never an hour. A
   * code that was used or expired costs no wait. @default [0, 30, 60, 120, 300]
   */
  mailGapsSeconds: readonly number[];
  /** Wrong codes from one address that lock (merchant, email) for that address. @default 5 */
  lockAfterFailures: number;
  /** @default 900_000 (15 minutes) */
  lockMs: number;
  /** Wrong guesses one code survives from all addresses together; then a new code is needed. @default 10 */
  maxCodeFailures: number;
  /** Wrong codes per client address per hour, all emails (spraying). @default 30 */
  failuresPerIpHour: number;
}

export const DEFAULT_OTP_POLICY: OtpPolicy = {
  codeTtlMs: 600_000,
  sessionTtlMs: 86_400_000,
  sendsPerEmailHour: 5,
  sendsPerIpHour: 20,
  mailGapsSeconds: [0, 30, 60, 120, 300],
  lockAfterFailures: 5,
  lockMs: 900_000,
  maxCodeFailures: 10,
  failuresPerIpHour: 30,
};
