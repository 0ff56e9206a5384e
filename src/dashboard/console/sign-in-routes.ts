// POST {base}/sign-in/code, {base}/sign-in/verify (sets the session cookie) and {base}/sign-out of one dashboard.
import { z } from 'zod';
import { EmailSchema } from '../../checkout/schema.ts';
import { clientIp } from '../../http/client-ip.ts';
import { defineRoute, RawReply, routesWith, type AuthKind, type RouteDef } from '../../http/route.ts';
import { clearedCookie, readCookie, sessionCookie, type CookiePolicy } from './cookies.ts';
import { assertSameOrigin, csrfTokenFor } from './csrf.ts';
import { CODE_REQUESTED, type SignIn } from './sign-in.ts';

export interface SignInRouteOptions {
  /** e.g. /dashboard/api */
  base: string;
  tag: string;
  kind: Extract<AuthKind, 'developer' | 'merchant_user'>;
  signIn: SignIn;
  cookie: CookiePolicy;
  sessionTtlMs: number;
  trustProxyHops: number;
}

const SMALL_BODY = 2 * 1024;
const SignedInSchema = z.object({ csrf_token: z.string(), expires_at: z.string().meta({ format: 'date-time' }) });

/** A JSON success reply in the `data` envelope that also sets (or clears) the session cookie. */
function withCookie(data: unknown, cookie: string): RawReply {
  return new RawReply(JSON.stringify({ success: true, data }), {
    'content-type': 'application/json; charset=utf-8', 'set-cookie': cookie, 'cache-control': 'no-store',
  });
}

export function signInRoutes(o: SignInRouteOptions): RouteDef[] {
  const common = { method: 'post' as const, tag: o.tag, maxBodyBytes: SMALL_BODY };
  return [
    defineRoute({
      ...common, path: `${o.base}/sign-in/code`, auth: 'public', body: z.strictObject({ email: EmailSchema }), response: z.object({ message: z.string() }),
      errors: { 403: 'Request from another site', 429: 'Send limit reached', 502: 'Mail server refused', 503: 'Mail not configured' },
      summary: 'Mails a 6-digit sign-in code to an email that may sign in; the answer is the same for any other email.',
      handle: async ({ body, head }) => {
        assertSameOrigin(head);
        await o.signIn.requestCode(body.email, clientIp(head, o.trustProxyHops));
        return { message: CODE_REQUESTED };
      },
    }),
    defineRoute({
      ...common, path: `${o.base}/sign-in/verify`, auth: 'public',
      body: z.strictObject({ email: EmailSchema, code: z.string().trim().min(1).max(64) }), response: SignedInSchema,
      errors: { 401: 'Wrong, used or expired code', 403: 'Request from another site', 429: 'Locked after wrong codes' },
      summary: 'Redeems the code: sets the httpOnly session cookie and returns the CSRF token for unsafe requests.',
      handle: async ({ body, head }) => {
        assertSameOrigin(head);
        const { token, expiresAt } = await o.signIn.verify(body.email, body.code, clientIp(head, o.trustProxyHops));
        return withCookie({ csrf_token: csrfTokenFor(token), expires_at: expiresAt }, sessionCookie(o.cookie, token, Math.floor(o.sessionTtlMs / 1000)));
      },
    }),
    routesWith<unknown>()({
      ...common, path: `${o.base}/sign-out`, auth: o.kind, response: z.object({ signed_out: z.literal(true) }),
      summary: 'Ends the session and clears its cookie.',
      handle: async ({ head }) => {
        const token = readCookie(head.headers.cookie, o.cookie.name);
        if (token) await o.signIn.signOut(token);
        return withCookie({ signed_out: true }, clearedCookie(o.cookie));
      },
    }),
  ];
}
