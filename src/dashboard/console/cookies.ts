// Session cookies of the dashboards: read from the Cookie header, written httpOnly and SameSite=Strict (Secure in production).

/** The value of cookie `name` in a Cookie header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** How a dashboard names and scopes its cookie. */
export interface CookiePolicy {
  name: string;
  /** Secure (and the `__Host-` name prefix) outside development: browsers then send it over https only. */
  secure: boolean;
}

/** The cookie's name: `__Host-` prefixed when Secure, which also pins it to this host and path `/`. */
export function cookieName(base: string, secure: boolean): string {
  return secure ? `__Host-${base}` : base;
}

/** Set-Cookie for a new session; Path=/ because the merchant dashboard calls /checkout-admin and /checkout-offers. */
export function sessionCookie(policy: CookiePolicy, token: string, maxAgeSeconds: number): string {
  return `${policy.name}=${token}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${policy.secure ? '; Secure' : ''}`;
}

/** Set-Cookie that removes the session cookie. */
export function clearedCookie(policy: CookiePolicy): string {
  return `${policy.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${policy.secure ? '; Secure' : ''}`;
}
