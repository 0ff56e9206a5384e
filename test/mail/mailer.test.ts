// The SMTP mailer says what keeps mail from leaving and which settings name that server: at start-up, and per message.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLog } from '../../src/kernel/log.ts';
import { createMailer, type MailSettings } from '../../src/mail/mailer.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';

let smtp: TestSmtp;
let closedPort: number;
beforeAll(async () => {
  smtp = await startTestSmtp();
  const probe = createServer();
  closedPort = await new Promise<number>((resolve) =>
    probe.listen(0, '127.0.0.1', () => resolve((probe.address() as { port: number }).port)),
  );
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(() => smtp?.close());

const settings = (port: number): MailSettings => ({
  host: '127.0.0.1',
  port,
  user: null,
  pass: null,
  from: 'shop@example.in',
  secure: false,
});

describe('the SMTP mailer', () => {
  it('finds nothing wrong with a server that answers', async () => {
    const mailer = createMailer(settings(Number(smtp.env.SMTP_PORT)), false, silentLog);
    expect(await mailer.check()).toBeNull();
    mailer.close();
  });

  it('names the server and its settings when nothing answers there, at the check and at a send', async () => {
    const mailer = createMailer(settings(closedPort), false, silentLog);
    expect(await mailer.check()).toMatch(
      new RegExp(
        `^SMTP via 127\\.0\\.0\\.1:${closedPort} \\(SMTP_HOST, SMTP_PORT\\) does not accept mail: .*ECONNREFUSED`,
      ),
    );
    await expect(mailer.send({ to: 'a@example.in', subject: 's', text: 't' })).rejects.toThrow(
      `SMTP delivery via 127.0.0.1:${closedPort} (SMTP_HOST, SMTP_PORT) failed`,
    );
    mailer.close();
  });
});
