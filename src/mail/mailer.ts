// Outgoing mail over SMTP (nodemailer), configured from SMTP_* settings; a logging stand-in when no server is set in dev mode.
import nodemailer, { type Transporter } from 'nodemailer';
import type { Log } from '../kernel/log.ts';

/** One plain-text message. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Anything that can deliver a message; resolves once the SMTP server has accepted it. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** What keeps mail from leaving (an SMTP server that does not answer or refuses the login), or null. */
  check(): Promise<string | null>;
  close(): void;
}

/** Thrown when mail cannot be sent at all (no server configured, server refused or unreachable). */
export class MailError extends Error {
  constructor(
    message: string,
    readonly code: 'mail_not_configured' | 'mail_failed',
  ) {
    super(message);
  }
}

/** Where mail goes (SMTP_* settings). */
export interface MailSettings {
  host: string | null;
  port: number;
  user: string | null;
  pass: string | null;
  from: string;
  secure: boolean;
}

/** SMTP when a host is set, console logging in dev mode, otherwise a mailer that refuses. */
export function createMailer(settings: MailSettings, devMode: boolean, log: Log): Mailer {
  if (settings.host) return new SmtpMailer(settings);
  if (devMode) return new LogMailer(log);
  return {
    send: () => Promise.reject(new MailError('SMTP_HOST is not configured', 'mail_not_configured')),
    // Start-up warns of this case already, in its own words.
    check: () => Promise.resolve(null),
    close() {},
  };
}

class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(private readonly settings: MailSettings) {
    this.transport = nodemailer.createTransport({
      host: settings.host ?? undefined,
      port: settings.port,
      secure: settings.secure,
      auth: settings.user ? { user: settings.user, pass: settings.pass ?? '' } : undefined,
      // Reuse a few connections: a new SMTP handshake per code costs a round trip and CPU under load.
      pool: true,
      maxConnections: 3,
      // A stuck mail server must not hold an OTP request open for minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.settings.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    } catch (err) {
      throw new MailError(`SMTP delivery via ${this.where()} failed: ${reason(err)}`, 'mail_failed');
    }
  }

  async check(): Promise<string | null> {
    try {
      await this.transport.verify();
      return null;
    } catch (err) {
      return `SMTP via ${this.where()} does not accept mail: ${reason(err)}`;
    }
  }

  /** The server and the settings that name it: a failure tells the operator what to look at. */
  private where(): string {
    return `${this.settings.host}:${this.settings.port} (SMTP_HOST, SMTP_PORT${this.settings.user ? ', SMTP_USER' : ''})`;
  }

  close(): void {
    this.transport.close();
  }
}

/** Development without an SMTP server: the message goes to the log, so the code can be read there. */
class LogMailer implements Mailer {
  constructor(private readonly log: Log) {}

  send(message: MailMessage): Promise<void> {
    this.log.info({ to: message.to, subject: message.subject, text: message.text }, 'mail (dev mode, not sent)');
    return Promise.resolve();
  }

  check(): Promise<string | null> {
    return Promise.resolve(null);
  }

  close(): void {}
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));
