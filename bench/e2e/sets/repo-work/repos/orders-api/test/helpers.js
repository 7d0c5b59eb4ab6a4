import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

// Starts the app on a free port with logs swallowed; returns a fetch helper and a close.
export async function startApp(env = {}) {
  const sink = { write() {} };
  const { createLogger } = await import('../src/log.js');
  const server = createApp({ config: loadConfig(env), log: createLogger('info', sink) });
  await new Promise((resolve) => server.listen(0, resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  const call = async (method, path, body, headers = {}) => {
    const res = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: text ? JSON.parse(text) : null };
  };
  return { call, close: () => new Promise((r) => server.close(r)) };
}

export const sampleOrder = {
  customer: 'alice@example.com',
  items: [
    { sku: 'MUG-01', qty: 2, price_cents: 1250 },
    { sku: 'TEA-10', qty: 1, price_cents: 499 },
  ],
};
