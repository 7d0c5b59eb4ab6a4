// Sync between machines: `memcue merge` (also git's merge driver for memcue.db) and `memcue sync`.
import type { Command } from 'commander';
import type { Lazy } from './kit.js';

export function defineSyncCommands(program: Command, lazy: Lazy): void {
  program
    .command('merge')
    .description('merge two memcue databases into OURS: the union of their fact versions (git merge driver)')
    .argument('<ours>', 'the database to merge into (git: %A)')
    .argument('<theirs>', 'the database to merge from; never changed (git: %B)')
    .option('--base <base>', 'common ancestor (git: %O); checked, not needed for a union')
    .addHelpText('after', '\nExample:\n  memcue merge ~/.local/share/memcue/memcue.db laptop-copy.db')
    .action(lazy(() => import('../commands/merge.js')));

  const sync = program
    .command('sync')
    .description('sync the memory with other machines through a git remote: commit, pull (merging), push')
    // No --dir here: commander would take `sync init --dir X` as sync's option. `sync init` remembers it.
    .option('--compact', 'fold the journal files into the memcue.db snapshot now')
    .addHelpText('after', '\nFirst machine:  memcue sync init git@github.com:me/memory.git\nOther machines: memcue sync init git@github.com:me/memory.git\nThen:           memcue sync\nExample:\n  memcue sync --compact')
    .action(lazy(() => import('../commands/sync.js')));

  sync
    .command('init')
    .description('make or adopt the memory repo (clone REMOTE if given), set up the merge driver, then sync')
    .argument('[remote]', 'git URL or path of the shared remote')
    .option('--dir <dir>', 'where the memory repo lives (default: beside the database, in sync/)')
    .addHelpText('after', '\nExample:\n  memcue sync init git@github.com:me/memory.git   # the same on every machine')
    .action(lazy(() => import('../commands/sync.js').then((m) => ({ run: m.init }))));
}
