import dgram from 'node:dgram';
import { parseAddr } from './config.js';

// A statsd client: fire-and-forget UDP lines ("name:1|c"). Losing a metric must never fail a request.
export function createMetrics(addr) {
  const target = parseAddr(addr);
  if (!target) return { increment() {}, timing() {}, close() {} };
  const socket = dgram.createSocket('udp4');
  socket.unref();
  const send = (line) => {
    socket.send(line, target.port, target.host, () => {});
  };
  return {
    increment(name, by = 1) { send(`${name}:${by}|c`); },
    timing(name, ms) { send(`${name}:${Math.round(ms)}|ms`); },
    close() { socket.close(); },
  };
}
