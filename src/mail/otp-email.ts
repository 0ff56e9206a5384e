// The one-time-code email: subject and body in one place so tests and templates agree.
import type { MailMessage } from './mailer.ts';

/** The message carrying `code`; the code is the only 6-digit number in the text. */
export function otpEmail(to: string, code: string, ttlMinutes: number): MailMessage {
  return {
    to,
    subject: `Your checkout code is ${code}`,
    text: `Your verification code is ${code}.\n\nIt expires in ${ttlMinutes} minutes and can be used once. If you did not ask for it, ignore this email.\n`,
  };
}
