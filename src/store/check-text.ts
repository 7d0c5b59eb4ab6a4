// The checks every fact text passes before it is written (kept apart from facts.ts so that commands
// that only read never load the secret patterns).
import { MemcueError } from '../errors.js';
import { findSecret } from '../text/secrets.js';
import { checkField } from './validate.js';

/** Empty (or invisible), too long, control-character and secret-looking texts are refused before anything is written. */
export function checkText(text: string, opts: { allowSecret?: boolean } = {}): string {
  const trimmed = checkField('text', text);
  if (!opts.allowSecret) {
    const secret = findSecret(trimmed);
    if (secret) {
      throw new MemcueError('SECRET', `refusing to store what looks like ${secret}`, 'never store secrets; pass --allow-secret if this is not one');
    }
  }
  return trimmed;
}
