// How git should run this very memcue (for the merge driver): the executable's entry registers
// itself, so the driver runs the same executable that ran `memcue sync`.
import { realpathSync } from 'node:fs';
import { shellQuote } from '../install/binary.js';

let registered: string[] | undefined;

/** Called at start-up with the executable's own command (bin-entry.ts); from source, the runtime and the script. */
export function registerSelf(command: string[]): void {
  registered = command;
}

export function selfCommand(): string[] {
  if (registered) return registered;
  const script = process.argv[1];
  return script ? [process.execPath, realPath(script)] : [process.execPath];
}

/** The command line for a shell (git runs drivers with sh): a word quoted where it needs to be. */
export function shellCommand(words: string[]): string {
  return words.map(shellQuote).join(' ');
}

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
