// `memcue ui`: a local viewer for the memory, alive only while this command runs (Ctrl-C ends it).
import type { Context } from '../context.js';
import { MemcueError } from '../errors.js';
import { openInBrowser } from './opener.js';
import { startUiServer } from './server.js';

interface UiOptions {
  open?: boolean;
  port?: string;
}

export async function run(ctx: Context, opts: UiOptions): Promise<void> {
  const port = opts.port === undefined ? 0 : Number(opts.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new MemcueError('USAGE', `--port must be a port number, got "${opts.port}"`);
  const server = await startUiServer(ctx, port).catch((err: NodeJS.ErrnoException) => {
    throw new MemcueError('USAGE', `cannot listen on 127.0.0.1:${port} (${err.code ?? err.message})`, 'leave out --port for a free one');
  });
  ctx.stdout(`memcue ui: ${server.url}\n(only this machine can reach it, and the URL lets one browser in, once; Ctrl-C stops it)\n`);
  const launchFile = opts.open === false ? undefined : openInBrowser(ctx, server);
  await untilStopped();
  launchFile?.remove();
  await server.close();
}

function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      for (const signal of SIGNALS) process.off(signal, stop);
      resolve();
    };
    for (const signal of SIGNALS) process.on(signal, stop);
  });
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
