// One dashboard's session routes: GET {base}/session, POST {base}/sign-in/code, {base}/sign-in/verify (sets the cookie), {base}/sign-out.
import { z } from 'zod';
import { DomainError } from '../../kernel/errors.ts';
import { EmailSchema } from '../../checkout/schema.ts';
import { clientIp } from '../../http/client-ip.ts';
import type { RequestHead } from '../../http/request.ts';
import {
  defineRoute,
  RawReply,
  routesWith,
  type Authenticator,
  type AuthKind,
  type RouteDef,
} from '../../http/route.ts';
import { clearedCookie, readCookie, sessionCookie, type CookiePolicy } from './cookies.ts';
import { assertSameOrigin, csrfTokenFor } from './csrf.ts';
import { CODE_REQUESTED, RESEND_AFTER_SECONDS, type SignIn } from './sign-in.ts';

export interface SignInRouteOptions<P> {
  /** e.g. /dashboard/api */
  base: string;
  /** The dashboard page a redeemed sign-in link lands on, e.g. /dashboard. */
  page: string;
  tag: string;
  kind: Extract<AuthKind, 'developer' | 'merchant_user'>;
  signIn: SignIn;
  cookie: CookiePolicy;
  sessionTtlMs: number;
  trustProxyHops: number;
  /** The dashboard's authenticator, asked by GET {base}/session without failing the request. */
  authenticate: Authenticator<P>;
  /** What the page learns about the signed-in principal. */
  user: { schema: z.ZodType; view(principal: P): unknown };
}

const SMALL_BODY = 2 * 1024;
/** The query a refused sign-in link sends a browser to the sign-in page with (sign-in-form.js reads it). */
const LINK_REFUSED = 'sign_in=link_refused';

/** The fragment a browser following a printed link gets its token in (sign-in-form.js redeems it). */
const LINK_FRAGMENT = 'sign-in-link';
/** What a printed link's token can be: longer or empty is a link cut or joined to other text. */
const LINK_TOKEN = /^.{1,128}$/s;
/** A browser navigating asks for HTML first; fetch, curl and the API clients do not. */
const wantsPage = (head: RequestHead) => /\btext\/html\b/.test(head.headers.accept ?? '');
const SignedInSchema = z.object({ csrf_token: z.string(), expires_at: z.string().meta({ format: 'date-time' }) });

/** A JSON success reply in the `data` envelope that no cache keeps. */
function noStore(data: unknown): RawReply {
  return new RawReply(JSON.stringify({ success: true, data }), {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
}

/** A JSON success reply in the `data` envelope that also sets (or clears) the session cookie. */
function withCookie(data: unknown, cookie: string): RawReply {
  return new RawReply(JSON.stringify({ success: true, data }), {
    'content-type': 'application/json; charset=utf-8',
    'set-cookie': cookie,
    'cache-control': 'no-store',
  });
}

export function signInRoutes<P>(o: SignInRouteOptions<P>): RouteDef[] {
  // The dashboards' own API serves their pages; it is no part of the public contract, so /openapi.json leaves it out.
  const common = { method: 'post' as const, tag: o.tag, maxBodyBytes: SMALL_BODY, hidden: true };
  const session: RouteDef = defineRoute({
    method: 'get',
    path: `${o.base}/session`,
    auth: 'public',
    tag: o.tag,
    hidden: true,
    response: z.discriminatedUnion('signed_in', [
      z.object({ signed_in: z.literal(false) }),
      z.object({
        signed_in: z.literal(true),
        csrf_token: z.string().meta({ description: 'Send as x-csrf-token on unsafe methods' }),
        user: o.user.schema,
      }),
    ]),
    summary:
      'Whether this browser is signed in, and if so who, with the CSRF token of the session (the page asks this on load).',
    handle: async ({ head }) => {
      let principal: P;
      try {
        ({ principal } = await o.authenticate(head, session));
      } catch (err) {
        if (err instanceof DomainError && err.kind === 'unauthorized') return noStore({ signed_in: false });
        throw err;
      }
      // The CSRF token is a secret of the session: no cache may keep it.
      return noStore({
        signed_in: true,
        csrf_token: csrfTokenFor(readCookie(head.headers.cookie, o.cookie.name)!),
        user: o.user.view(principal),
      });
    },
  });
  return [
    session,
    defineRoute({
      ...common,
      path: `${o.base}/sign-in/code`,
      auth: 'public',
      body: z.strictObject({ email: EmailSchema }),
      response: z.object({
        message: z.string(),
        resend_after_seconds: z
          .number()
          .int()
          .meta({ description: 'When the page offers to send again; the same for every email' }),
      }),
      waits: true,
      errors: {
        403: 'Request from another site',
        429: 'Send limit reached',
        502: 'Mail server refused',
        503: 'Mail not configured',
      },
      summary:
        'Mails a 6-digit sign-in code to an email that may sign in; the answer is the same for any other email. Asked ' +
        'again once the live code is a minute old, it mails a new code that replaces it.',
      readsPeer: true,
      handle: async ({ body, head }) => {
        assertSameOrigin(head);
        await o.signIn.requestCode(body.email, clientIp(head, o.trustProxyHops));
        return { message: CODE_REQUESTED, resend_after_seconds: RESEND_AFTER_SECONDS };
      },
    }),
    defineRoute({
      ...common,
      path: `${o.base}/sign-in/verify`,
      auth: 'public',
      body: z.strictObject({ email: EmailSchema, code: z.string().trim().min(1).max(64) }),
      response: SignedInSchema,
      errors: { 401: 'Wrong, used or expired code', 403: 'Request from another site', 429: 'Locked after wrong codes' },
      summary: 'Redeems the code: sets the httpOnly session cookie and returns the CSRF token for unsafe requests.',
      readsPeer: true,
      handle: async ({ body, head }) => {
        assertSameOrigin(head);
        const { token, expiresAt } = await o.signIn.verify(body.email, body.code, clientIp(head, o.trustProxyHops));
        return withCookie(
          { csrf_token: csrfTokenFor(token), expires_at: expiresAt },
          sessionCookie(o.cookie, token, Math.floor(o.sessionTtlMs / 1000)),
        );
      },
    }),
    defineRoute({
      method: 'get',
      path: `${o.base}/sign-in/link`,
      auth: 'public',
      tag: o.tag,
      hidden: true,
      // Any text: a link a mail client cut or wrapped is refused below, to a browser as a page, not as JSON.
      query: z.object({ token: z.string().max(8192).optional() }),
      response: z.unknown(),
      errors: { 401: 'Unknown, used or expired link (a browser asking for HTML is sent to the sign-in page instead)' },
      summary:
        'A one-time sign-in link an operator printed: a browser is sent to the dashboard, whose script redeems it ' +
        '(POST); any other client redeems it here and gets the session cookie.',
      handle: async ({ query, head }) => {
        // HEAD is safe (RFC 9110): a link checker or preview that asks for the head does not use the link up.
        if (head.method === 'head') return new RawReply('', { location: o.page, 'cache-control': 'no-store' }, 303);
        // A person who clicked it lands on the sign-in form told why; scripts and API clients keep the JSON error.
        const refused = () =>
          new RawReply('', { location: `${o.page}?${LINK_REFUSED}`, 'cache-control': 'no-store' }, 303);
        const link = query.token?.trim() ?? '';
        if (!LINK_TOKEN.test(link)) {
          if (wantsPage(head)) return refused();
          throw new DomainError('invalid', 'invalid_request', 'token: 1 to 128 characters of a printed sign-in link');
        }
        // A browser is sent the page with the token in its fragment, which the page's script redeems (POST below): a
        // chat app's link preview fetches the page but runs no script, so it no longer uses the link up.
        if (wantsPage(head))
          return new RawReply(
            '',
            {
              location: `${o.page}#${LINK_FRAGMENT}=${encodeURIComponent(link)}`,
              'cache-control': 'no-store',
              'referrer-policy': 'no-referrer',
            },
            303,
          );
        let token: string;
        try {
          ({ token } = await o.signIn.redeemLink(link));
        } catch (err) {
          if (err instanceof DomainError && err.code === 'invalid_login_link' && wantsPage(head)) return refused();
          throw err;
        }
        return new RawReply(
          '',
          {
            location: o.page,
            'set-cookie': sessionCookie(o.cookie, token, Math.floor(o.sessionTtlMs / 1000)),
            'cache-control': 'no-store',
            'referrer-policy': 'no-referrer',
          },
          303,
        );
      },
    }),
    defineRoute({
      ...common,
      path: `${o.base}/sign-in/link`,
      auth: 'public',
      body: z.strictObject({ token: z.string().trim().regex(LINK_TOKEN, 'must be a printed sign-in link') }),
      response: SignedInSchema,
      errors: { 401: 'Unknown, used or expired link', 403: 'Request from another site' },
      summary: "Redeems a printed sign-in link from the page it opened: sets the session cookie, as the code's verify.",
      handle: async ({ body, head }) => {
        assertSameOrigin(head);
        const { token, expiresAt } = await o.signIn.redeemLink(body.token);
        return withCookie(
          { csrf_token: csrfTokenFor(token), expires_at: expiresAt },
          sessionCookie(o.cookie, token, Math.floor(o.sessionTtlMs / 1000)),
        );
      },
    }),
    routesWith<unknown>()({
      ...common,
      path: `${o.base}/sign-out`,
      auth: o.kind,
      response: z.object({ signed_out: z.literal(true) }),
      summary: 'Ends the session and clears its cookie.',
      handle: async ({ head }) => {
        const token = readCookie(head.headers.cookie, o.cookie.name);
        if (token) await o.signIn.signOut(token);
        return withCookie({ signed_out: true }, clearedCookie(o.cookie));
      },
    }),
  ];
}
