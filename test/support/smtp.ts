// A real SMTP server on 127.0.0.1 (port 0) that keeps every message, for tests that read codes from received mail.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtp {
  port: number;
  messages: ReceivedMail[];
  /** SMTP_* variables pointing the app at this server. */
  env: Record<string, string>;
  /** Resolves with the next (or an already received, not yet taken) message to `to`. */
  nextMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** The 6-digit code in the next message to `to`. */
  nextCode(to: string): Promise<string>;
  /** Messages received for `to` so far (taken or not). */
  count(to: string): number;
  close(): Promise<void>;
}

/** Starts the server; it accepts any sender and recipient, with AUTH user "app" / "secret" (not required). */
export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    // No PTR query for the client: everything stays on 127.0.0.1, and a slow resolver cannot slow OTP sends down.
    disableReverseLookup: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'app' && auth.password === 'secret') callback(null, { user: 'app' });
      else callback(new Error('bad credentials'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  // A client reset mid-session (an app server stopped while its pooled connections are open) loses no kept message.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET') throw err;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const untaken = (to: string) => messages.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));

  async function nextMail(to: string, timeoutMs = 5000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = untaken(to);
      if (found) {
        taken.add(found);
        return found;
      }
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  return {
    port,
    messages,
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SMTP_USER: 'app',
      SMTP_PASS: 'secret',
      SMTP_FROM: 'Shop <otp@shop.test>',
    },
    nextMail,
    async nextCode(to) {
      const mail = await nextMail(to);
      const match = /code is (\d{6})/.exec(mail.raw);
      if (!match) throw new Error(`no code in mail to ${to}`);
      return match[1]!;
    },
    count: (to) => messages.filter((m) => m.to.includes(to.toLowerCase())).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
