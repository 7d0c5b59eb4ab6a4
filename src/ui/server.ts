// The viewer's web server: Hono on Node's http server (@hono/node-server, which Bun runs too), bound
// to 127.0.0.1 on a free port. guard.ts decides who may reach it (a one-time token, then a secret path
// and a cookie; its own Host and origin only); request bodies are capped first, the launch form's
// among them, so that no request can make it hold much memory.
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Context } from '../context.js';
import { apiRoutes } from './api.js';
import { uiAsset } from './assets.js';
import { LAUNCH_PATH, viewerGuard, type Guard } from './guard.js';

/** An edit's fields are a few KB at most (validate.ts); past this a request is not the page's. */
export const MAX_BODY_BYTES = 64 * 1024;

export interface UiServer {
  /** Good for one page load (guard.ts): for the user's own terminal, never for a command line. */
  url: string;
  /** Where the launch file posts `token` (which is the one in `url`: one of the two gets in, once). */
  launchAction: string;
  token: string;
  /** Runs `fn` when the token is spent. */
  onSpent(fn: () => void): void;
  close(): Promise<void>;
}

export function uiApp(ctx: Context, guard: Guard): Hono {
  const app = new Hono();
  app.use('*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ error: `the request body is over ${MAX_BODY_BYTES} bytes` }, 413) }));
  app.use('*', guard.middleware);
  app.route(`${guard.base}api`, apiRoutes(ctx));
  app.get(`${guard.base}:file{.*}`, (c) => {
    const asset = uiAsset(c.req.param('file') || 'index.html');
    if (!asset) return c.text('not found\n', 404);
    return c.body(asset.body, 200, { 'Content-Type': asset.type });
  });
  return app;
}

export async function startUiServer(ctx: Context, port = 0): Promise<UiServer> {
  const guard = viewerGuard();
  const app = uiApp(ctx, guard);
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port }, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address();
  guard.port = typeof address === 'object' && address ? address.port : port;
  const origin = `http://127.0.0.1:${guard.port}`;
  return {
    url: `${origin}${guard.launchPath}`,
    launchAction: `${origin}${LAUNCH_PATH}`,
    token: guard.token,
    onSpent: (fn) => (guard.onSpent = fn),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A browser keeps its connections open: without this, close would wait for them to time out.
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
