// Shared by the hook and install tests: a git repository with an origin, as agents work in.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { git, tempDir } from '../helpers.js';

export function repoDir(origin = 'git@github.com:acme/app.git'): string {
  const dir = join(tempDir(), 'app');
  mkdirSync(dir);
  git(dir, 'init', '-q');
  git(dir, 'remote', 'add', 'origin', origin);
  return dir;
}
