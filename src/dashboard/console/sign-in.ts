// Email-code sign-in for a dashboard: the checkout's OTP machinery under the dashboard's scope, then a console session.
import { DomainError } from '../../kernel/errors.ts';
import type { OtpService } from '../../checkout/otp-service.ts';
import type { ConsoleSessionRepository, Realm } from './console-sessions.ts';
import type { LoginLinkRepository } from './login-links.ts';
import { signInEmail } from './sign-in-email.ts';

export interface SignInOptions {
  realm: Realm;
  /** Named in the mail ("developer dashboard"). */
  dashboard: string;
  otp: OtpService;
  sessions: ConsoleSessionRepository;
  /** One-time links printed by `geopin … login-link`. */
  links: LoginLinkRepository;
  sessionTtlMs: number;
  /** The subject (account or user id) this email signs in as; null when it may not sign in. */
  subjectFor(email: string): Promise<number | null>;
}

/** After this long the page offers "send again", and a new request mails a new code that replaces the live one. */
export const RESEND_AFTER_SECONDS = 60;

/** The same answer whether or not the email may sign in, so the form cannot be used to find accounts. */
export const CODE_REQUESTED =
  'If this email may sign in, a code is on its way. No mail within a minute? Send again: a new code replaces the first';

const LINK_COMMAND: Record<Realm, string> = {
  developer: 'dashboard login-link --email …',
  merchant: 'merchant login-link --email …',
};

export class SignIn {
  /** OTP scope of the dashboard: its codes can never open a checkout session or another dashboard. */
  private readonly scope: string;

  constructor(private readonly o: SignInOptions) {
    this.scope = `console:${o.realm}`;
  }

  /** Mails a code to an email that may sign in (the OTP send limits apply); does nothing for any other email. */
  async requestCode(email: string, ip: string): Promise<void> {
    if ((await this.o.subjectFor(email)) === null) return;
    await this.o.otp.issue(this.scope, email, ip, (code, ttl) => signInEmail(email, this.o.dashboard, code, ttl), {
      resendAfterMs: RESEND_AFTER_SECONDS * 1000,
    });
  }

  /** Redeems the code and opens a session: the cookie's token and its expiry. */
  async verify(email: string, code: string, ip: string): Promise<{ token: string; expiresAt: string }> {
    await this.o.otp.redeem(this.scope, email, code, ip);
    const subject = await this.o.subjectFor(email);
    if (subject === null)
      throw new DomainError('unauthorized', 'invalid_code', 'The code is wrong or was already used; request a new one');
    return this.o.sessions.open(this.o.realm, subject, this.o.sessionTtlMs);
  }

  /** Redeems a one-time sign-in link and opens a session (401 when the link is unknown, used or expired). */
  async redeemLink(link: string): Promise<{ token: string; expiresAt: string }> {
    const subject = await this.o.links.redeem(this.o.realm, link);
    if (subject === null)
      throw new DomainError(
        'unauthorized',
        'invalid_login_link',
        `This sign-in link is unknown, used or expired; print a new one with \`geopin ${LINK_COMMAND[this.o.realm]}\``,
      );
    return this.o.sessions.open(this.o.realm, subject, this.o.sessionTtlMs);
  }

  signOut(token: string): Promise<void> {
    return this.o.sessions.close(token);
  }
}
