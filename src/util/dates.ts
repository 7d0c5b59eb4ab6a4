// `--since` accepts an ISO date (or date-time) or a relative age: 1h, 7d, 2w, 3m, 1y.
import { MemcueError } from '../errors.js';

const RELATIVE = /^(\d+)\s*([hdwmy])$/i;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export function parseSince(value: string, now = new Date()): string {
  const relative = RELATIVE.exec(value.trim());
  if (relative) {
    const n = Number(relative[1]);
    const unit = relative[2]!.toLowerCase();
    const date = new Date(now);
    if (unit === 'h') date.setTime(now.getTime() - n * HOUR_MS);
    else if (unit === 'd') date.setTime(now.getTime() - n * DAY_MS);
    else if (unit === 'w') date.setTime(now.getTime() - n * 7 * DAY_MS);
    else if (unit === 'm') date.setUTCMonth(now.getUTCMonth() - n);
    else date.setUTCFullYear(now.getUTCFullYear() - n);
    return date.toISOString();
  }
  if (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+Z?)?$/.test(value.trim())) {
    const date = new Date(value.trim().length === 10 ? `${value.trim()}T00:00:00Z` : value.trim());
    if (!Number.isNaN(date.getTime())) return date.toISOString();
  }
  throw new MemcueError('USAGE', `cannot read date "${value}"`, 'use an ISO date (2026-11-30) or an age: 1h, 7d, 2w, 3m, 1y');
}
