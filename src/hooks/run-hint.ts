// The card tells the agent to run `memcue …`. When the agent's PATH has no `memcue` (a binary kept
// off PATH, the npm route's launcher in memcue's data folder), the card says what to run instead.
import { isAbsolute } from 'node:path';
import type { Env } from '../config.js';
import { findOnPath, memcueBinary, shellQuote } from '../install/binary.js';

export function runHint(env: Env): string | undefined {
  const bin = memcueBinary(env);
  if (!isAbsolute(bin) || findOnPath(env.PATH, 'memcue')) return undefined;
  return `\`memcue\` is not on your PATH here: wherever these instructions say \`memcue\`, run \`${shellQuote(bin)}\` instead.`;
}
