import http from 'node:http';
import { OrderStore } from './store.js';
import { validateOrder } from './validate.js';
import { orderTotal } from './totals.js';
import { canMove, STATUSES } from './status.js';
import { createMetrics } from './metrics.js';
import { createLogger } from './log.js';
import { loadConfig } from './config.js';

// The public shape of an order; internal fields (createdAt as epoch ms) stay inside.
export function toJson(order) {
  return {
    id: order.id,
    customer: order.customer,
    items: order.items,
    status: order.status,
    total_cents: orderTotal(order.items),
  };
}

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(text);
}

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text) {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { error: 'body is not valid JSON' };
  }
}

export function createApp({ config = loadConfig({}), store = new OrderStore(), metrics, log } = {}) {
  metrics = metrics || createMetrics(config.metricsAddr);
  log = log || createLogger(config.logLevel);

  async function handle(req, res) {
    const url = new URL(req.url, 'http://localhost');
    const parts = url.pathname.split('/').filter(Boolean);

    if (parts[0] !== 'orders') return send(res, 404, { error: 'not found' });

    if (parts.length === 1 && req.method === 'GET') {
      return send(res, 200, store.list().map(toJson));
    }
    if (parts.length === 1 && req.method === 'POST') {
      const parsed = parseJson(await readBody(req));
      if (parsed.error) return send(res, 400, { error: parsed.error });
      const problem = validateOrder(parsed.value);
      if (problem) return send(res, 400, { error: problem });
      const order = store.create(parsed.value);
      return send(res, 201, toJson(order));
    }

    const id = Number(parts[1]);
    const order = store.get(id);
    if (parts.length === 2 && req.method === 'GET') {
      return send(res, 200, toJson(order));
    }
    if (parts.length === 3 && parts[2] === 'status' && req.method === 'POST') {
      if (!order) return send(res, 404, { error: `order ${parts[1]} not found` });
      const parsed = parseJson(await readBody(req));
      if (parsed.error) return send(res, 400, { error: parsed.error });
      const next = parsed.value && parsed.value.status;
      if (!STATUSES.includes(next)) return send(res, 400, { error: `unknown status ${JSON.stringify(next)}` });
      if (!canMove(order.status, next)) return send(res, 409, { error: `cannot move from ${order.status} to ${next}` });
      return send(res, 200, toJson(store.setStatus(id, next)));
    }
    return send(res, 405, { error: 'method not allowed' });
  }

  const server = http.createServer((req, res) => {
    const started = Date.now();
    handle(req, res)
      .catch((err) => {
        log.error('request failed', { error: err.message });
        if (!res.headersSent) send(res, 500, { error: 'internal error' });
      })
      .finally(() => {
        log.info('request', { method: req.method, path: req.url, status: res.statusCode, ms: Date.now() - started });
      });
  });
  return server;
}
