// The memory repo beside a private database: it holds every fact's text, so after `chmod 600` on the
// database the repo's folder must not be open to other users (found end to end in the recheck of
// issue 19: `sync/` was 755 with 644 journals and 444 git objects). Real git, the real binary.
import { chmodSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { privateFolderMode } from '../../src/sync/privacy.js';
import { tempDir } from '../helpers.js';
import { bareRemote, haveBinary, machine } from './machines.js';

const mode = (path: string) => statSync(path).mode & 0o777;

describe('privateFolderMode', () => {
  it('takes away what the database does not give, and never gives anything', () => {
    expect(privateFolderMode(0o40755, 0o100600)).toBe(0o700);
    expect(privateFolderMode(0o40755, 0o100640)).toBe(0o750);
    expect(privateFolderMode(0o40755, 0o100644)).toBe(0o755);
    expect(privateFolderMode(0o40700, 0o100644)).toBe(0o700);
  });
});

describe.skipIf(!haveBinary || process.platform === 'win32')('the memory repo follows the database’s privacy', () => {
  it('a database made private before `sync init`: the repo folder is closed to others', () => {
    const root = tempDir('memcue-privacy-');
    const remote = bareRemote(root);
    const a = machine('alpha', root);
    a.ok('add', '--scope', 'global', 'a private fact about the sync folder');
    chmodSync(a.db, 0o600);
    a.ok('sync', 'init', remote);
    expect(mode(a.repo)).toBe(0o700);
  });

  it('a database made private later: the next sync closes the folder; a public one leaves it open', () => {
    const root = tempDir('memcue-privacy-');
    const remote = bareRemote(root);
    const a = machine('alpha', root);
    a.ok('add', '--scope', 'global', 'a fact synced while the database is public');
    chmodSync(a.db, 0o644); // public, as an older memcue made it (new databases are 0600)
    a.ok('sync', 'init', remote);
    const opened = mode(a.repo);
    expect(opened & 0o055).not.toBe(0); // the umask's folder, open to others: the case that matters
    chmodSync(a.db, 0o640);
    a.ok('add', '--scope', 'global', 'a fact added after chmod 640');
    a.ok('sync');
    expect(mode(a.repo)).toBe(opened & 0o750);
  });
});
