// The viewer's web server: Hono on Node's http server (@hono/node-server, which Bun runs too), bound
// to 127.0.0.1 on a free port. Every request must carry the random token as the first part of its
// path (`/<token>/…`): other local users and web pages cannot reach the memory without it.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { Context } from '../context.js';
import { apiRoutes } from './api.js';
import { uiAsset } from './assets.js';

export interface UiServer {
  url: string;
  close(): Promise<void>;
}

export function uiApp(ctx: Context, token: string): Hono {
  const app = new Hono();
  const expected = Buffer.from(token);
  app.use('*', async (c, next) => {
    const given = Buffer.from(c.req.path.split('/')[1] ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return c.text('forbidden: open the URL `memcue ui` printed\n', 403);
    // The page and its answers are private and change with every edit.
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    await next();
  });
  app.route(`/${token}/api`, apiRoutes(ctx));
  // The page's links are relative: they need the path to end in a slash.
  app.get(`/${token}`, (c) => c.redirect(`/${token}/`));
  app.get(`/${token}/:file{.*}`, (c) => {
    const asset = uiAsset(c.req.param('file') || 'index.html');
    if (!asset) return c.text('not found\n', 404);
    return c.body(asset.body, 200, { 'Content-Type': asset.type });
  });
  return app;
}

export async function startUiServer(ctx: Context, port = 0): Promise<UiServer> {
  const token = randomBytes(24).toString('hex');
  const app = uiApp(ctx, token);
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port }, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${bound}/${token}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A browser keeps its connections open: without this, close would wait for them to time out.
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
