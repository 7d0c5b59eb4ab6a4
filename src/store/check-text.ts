// The checks every fact text passes before it is written (kept apart from facts.ts so that commands
// that only read never load the secret patterns).
import { MemcueError } from '../errors.js';
import { findSecret } from '../text/secrets.js';
import { MAX_TEXT } from './facts.js';

/** Empty, too long and secret-looking texts are refused before anything is written. */
export function checkText(text: string, opts: { allowSecret?: boolean } = {}): string {
  const trimmed = text.trim();
  if (!trimmed) throw new MemcueError('EMPTY_TEXT', 'fact text is empty', 'write one short, self-contained statement');
  if ([...trimmed].length > MAX_TEXT) {
    throw new MemcueError(
      'TOO_LONG',
      `fact text is ${[...trimmed].length} characters, over the ${MAX_TEXT} limit`,
      'split it into several short facts',
    );
  }
  if (!opts.allowSecret) {
    const secret = findSecret(trimmed);
    if (secret) {
      throw new MemcueError('SECRET', `refusing to store what looks like ${secret}`, 'never store secrets; pass --allow-secret if this is not one');
    }
  }
  return trimmed;
}
