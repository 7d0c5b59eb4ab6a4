// Who may reach the viewer. A browser gets in once, with a one-time token, in one of two ways: the
// printed URL (`/<token>/`, for the user's own terminal) or a form POST of the token to `/launch`
// from the launch file `memcue ui` writes for the browser opener (launch-file.ts), so that the token
// is in no command line (any local user can read those in /proc), no browser history and no Referer.
// Either way the token is spent and traded for a session: two secrets the opener never saw, a path
// prefix (the page lives under it) and a cookie scoped to that path (HttpOnly: the page's scripts never
// see it; SameSite=Strict: other sites' pages do not send it). The path matters because a browser sends
// 127.0.0.1's cookies to every port of 127.0.0.1: another local user's server could otherwise collect
// it. Every request must also name the Host the URL was printed with (a DNS-rebinding page names its
// own) and, when a browser says where it comes from (Origin, Sec-Fetch-Site), come from the viewer's
// own page. Changes must be JSON: no HTML form or text/plain body can make one.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context as HonoContext, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';

const FORBIDDEN = 'forbidden: open the URL `memcue ui` printed\n';
const SPENT =
  'forbidden: this URL was used already (it lets one browser in, once, and the viewer is open in the tab that used it); run `memcue ui` again for a new one\n';

/** Where the launch file posts the token: a fixed path, since the token travels in the body. */
export const LAUNCH_PATH = '/launch';

export interface Guard {
  /** The one-time token, for the launch file. */
  token: string;
  /** The one-time URL's path: `/<token>/`. */
  launchPath: string;
  /** Where the page and its API live once a browser is in: `/<prefix>/`. */
  base: string;
  /** Checks every request; set `port` once the server listens. */
  middleware: MiddlewareHandler;
  port: number;
  /** Called once, when the token is spent (the launch file is then removed). */
  onSpent?: () => void;
}

export function viewerGuard(): Guard {
  const token = randomBytes(24).toString('hex');
  const prefix = randomBytes(16).toString('hex');
  const session = randomBytes(32).toString('hex');
  let spent = false;
  /** Spends the token: the session's cookie, or a refusal when a browser was let in already. */
  const admit = (c: HonoContext): Response | undefined => {
    if (spent) return c.text(SPENT, 403);
    spent = true;
    guard.onSpent?.();
    c.header('Set-Cookie', `memcue_ui_${guard.port}=${session}; Path=${guard.base}; HttpOnly; SameSite=Strict`);
    return undefined;
  };
  const guard: Guard = {
    token,
    launchPath: `/${token}/`,
    base: `/${prefix}/`,
    port: 0,
    middleware: async (c, next) => {
      const host = `127.0.0.1:${guard.port}`;
      if (c.req.header('host') !== host) return c.text(`forbidden: this viewer answers only at http://${host}/\n`, 403);
      if (c.req.path === LAUNCH_PATH) return launch(c, host);
      if (!fromOwnPage(c, host)) return c.text('forbidden: a page of another site may not use the viewer\n', 403);
      const cookieName = `memcue_ui_${guard.port}`; // two viewers on two ports keep their own
      const first = c.req.path.split('/')[1] ?? '';
      if (same(first, token)) return admit(c) ?? c.redirect(guard.base + new URL(c.req.url).search, 303); // a view in the query is kept
      if (!same(first, prefix) || !same(getCookie(c, cookieName) ?? '', session)) return c.text(FORBIDDEN, 403);
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !isJson(c)) return c.json({ error: 'the request body must be JSON (Content-Type: application/json)' }, 415);
      // The page and its answers are private and change with every edit.
      c.header('Cache-Control', 'no-store');
      c.header('Referrer-Policy', 'no-referrer');
      await next();
    },
  };
  /**
   * The launch file's form: a page opened from a file has no origin of its own (Origin: null), and the
   * token in the body is the proof. The answer sets the cookie and moves on with a script: the page it
   * loads then comes from the viewer's own origin, so the browser sends the SameSite=Strict cookie
   * (after a redirect from a cross-site POST it would not), and the POST is replaced in the history.
   */
  const launch = async (c: HonoContext, host: string): Promise<Response> => {
    const origin = c.req.header('origin');
    if (c.req.method !== 'POST' || (origin !== undefined && origin !== 'null' && origin !== `http://${host}`)) return c.text(FORBIDDEN, 403);
    if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(c.req.header('content-type') ?? '')) return c.text(FORBIDDEN, 403);
    const given = new URLSearchParams(await c.req.text()).get('token') ?? '';
    if (!same(given, token)) return c.text(FORBIDDEN, 403);
    const refused = admit(c);
    if (refused) return refused;
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(`<!doctype html><meta charset="utf-8"><title>memcue</title><script>location.replace(${JSON.stringify(guard.base)})</script><a href="${guard.base}">Open the memcue viewer</a>\n`);
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

/** Compared in constant time: the answer's timing tells nothing of how much of a guess was right. */
function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
