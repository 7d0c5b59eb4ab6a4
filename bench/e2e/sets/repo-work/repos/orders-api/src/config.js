// Configuration comes only from the environment so the same build runs everywhere.
export function loadConfig(env = {}) {
  const port = env.PORT === undefined ? 9100 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got ${JSON.stringify(env.PORT)}`);
  }
  return {
    port,
    metricsAddr: env.METRICS_ADDR || null,
    logLevel: env.LOG_LEVEL || 'info',
  };
}

// "host:port" -> { host, port }; null when metrics are off.
export function parseAddr(addr) {
  if (!addr) return null;
  const i = addr.lastIndexOf(':');
  if (i <= 0) throw new Error(`address must be host:port, got ${JSON.stringify(addr)}`);
  const port = Number(addr.slice(i + 1));
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`bad port in ${JSON.stringify(addr)}`);
  return { host: addr.slice(0, i), port };
}
