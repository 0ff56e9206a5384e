// Signing in as a person does: open the dashboard, ask for a code, read it from the mail the SMTP server received, enter it.
import type { Page } from 'playwright-core';
import type { TestSmtp } from '../../support/smtp.ts';

/** Leaves `page` on the signed-in dashboard at `url`. */
export async function signInByMail(page: Page, url: string, email: string, smtp: TestSmtp): Promise<void> {
  await page.goto(url);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  const mail = await smtp.nextMail(email, 10_000);
  const code = /sign-in code is (\d{6})/.exec(mail.raw)?.[1];
  if (!code) throw new Error(`no sign-in code in the mail to ${email}:\n${mail.raw}`);
  await page.getByLabel('Code from the email').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('#app').waitFor({ state: 'visible' });
}

/** Signs in over the JSON API (as the page's script does) and returns the cookie header value and CSRF token. */
export async function signInByApi(
  baseUrl: string,
  api: '/dashboard/api' | '/merchant/api',
  email: string,
  smtp: TestSmtp,
): Promise<{ cookie: string; csrf: string }> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const asked = await post('/sign-in/code', { email });
  if (asked.status !== 200) throw new Error(`code request answered ${asked.status}: ${await asked.text()}`);
  const mail = await smtp.nextMail(email, 10_000);
  const code = /sign-in code is (\d{6})/.exec(mail.raw)![1];
  const verified = await post('/sign-in/verify', { email, code });
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}: ${await verified.text()}`);
  const cookie = verified.headers.get('set-cookie')!.split(';')[0]!;
  const { data } = (await verified.json()) as { data: { csrf_token: string } };
  return { cookie, csrf: data.csrf_token };
}
