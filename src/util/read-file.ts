// Reading a file the user named: a missing or unreadable one is their error, said in one line.
import { readFileSync } from 'node:fs';
import { MemcueError } from '../errors.js';

export function readTextFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw cannotRead(path, err);
  }
}

export function cannotRead(path: string, err: unknown): MemcueError {
  return new MemcueError('NOT_FOUND', `cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
}
