// The dashboards' sign-in mail: its own subject and text, the code the only 6-digit number in it.
import type { MailMessage } from '../../mail/mailer.ts';

export function signInEmail(to: string, dashboard: string, code: string, ttlMinutes: number): MailMessage {
  return {
    to,
    subject: `Your ${dashboard} sign-in code is ${code}`,
    text: `Your ${dashboard} sign-in code is ${code}.\n\nIt expires in ${ttlMinutes} minutes and can be used once. If you did not try to sign in, ignore this email.\n`,
  };
}
