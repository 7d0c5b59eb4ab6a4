// Who may reach the viewer. The URL `memcue ui` prints (and hands to the browser opener, whose command
// line any local user can read in /proc) carries a one-time token: its first page load trades it for
// a session, and the token is spent. The session is two secrets the opener never saw: a path prefix
// (the page lives under it) and a cookie scoped to that path (HttpOnly: the page's scripts never see
// it; SameSite=Strict: other sites' pages do not send it). The path matters because a browser sends
// 127.0.0.1's cookies to every port of 127.0.0.1: another local user's server could otherwise collect
// it. Every request must also name the Host the URL was printed with (a DNS-rebinding page names its
// own) and, when a browser says where it comes from (Origin, Sec-Fetch-Site), come from the viewer's
// own page. Changes must be JSON: no HTML form or text/plain body can make one.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context as HonoContext, MiddlewareHandler } from 'hono';

const FORBIDDEN = 'forbidden: open the URL `memcue ui` printed\n';
const SPENT =
  'forbidden: this URL was used already (it lets one browser in, once, and the viewer is open in the tab that used it); run `memcue ui` again for a new one\n';

export interface Guard {
  /** The one-time URL's path: `/<token>/`. */
  launchPath: string;
  /** Where the page and its API live once a browser is in: `/<prefix>/`. */
  base: string;
  /** Checks every request; set `port` once the server listens. */
  middleware: MiddlewareHandler;
  port: number;
}

export function viewerGuard(): Guard {
  const token = randomBytes(24).toString('hex');
  const prefix = randomBytes(16).toString('hex');
  const session = randomBytes(32).toString('hex');
  let spent = false;
  const guard: Guard = {
    launchPath: `/${token}/`,
    base: `/${prefix}/`,
    port: 0,
    middleware: async (c, next) => {
      const host = `127.0.0.1:${guard.port}`;
      if (c.req.header('host') !== host) return c.text(`forbidden: this viewer answers only at http://${host}/\n`, 403);
      if (!fromOwnPage(c, host)) return c.text('forbidden: a page of another site may not use the viewer\n', 403);
      const cookieName = `memcue_ui_${guard.port}`; // two viewers on two ports keep their own
      const first = c.req.path.split('/')[1] ?? '';
      if (same(first, token)) {
        if (spent) return c.text(SPENT, 403);
        spent = true;
        c.header('Set-Cookie', `${cookieName}=${session}; Path=${guard.base}; HttpOnly; SameSite=Strict`);
        return c.redirect(guard.base + new URL(c.req.url).search, 303); // a view in the query is kept
      }
      if (!same(first, prefix) || !same(cookieOf(c, cookieName), session)) return c.text(FORBIDDEN, 403);
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !isJson(c)) return c.json({ error: 'the request body must be JSON (Content-Type: application/json)' }, 415);
      // The page and its answers are private and change with every edit.
      c.header('Cache-Control', 'no-store');
      c.header('Referrer-Policy', 'no-referrer');
      await next();
    },
  };
  return guard;
}

/** Whether the browser says the request comes from the viewer's own page (or from no page: typed, curl). */
function fromOwnPage(c: HonoContext, host: string): boolean {
  const origin = c.req.header('origin');
  if (origin !== undefined && origin !== `http://${host}`) return false;
  const site = c.req.header('sec-fetch-site');
  return site === undefined || site === 'same-origin' || site === 'none';
}

function isJson(c: HonoContext): boolean {
  return /^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '');
}

function cookieOf(c: HonoContext, name: string): string {
  for (const part of (c.req.header('cookie') ?? '').split(';')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === name) return value ?? '';
  }
  return '';
}

/** Compared in constant time: the answer's timing tells nothing of how much of a guess was right. */
function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
