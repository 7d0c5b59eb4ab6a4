// Curation by the session's own model: `dream` (merge, supersede, split, translate, forget facts) and
// `migrate` (turn file memories into facts). Each prints a batch; `<command> apply` writes the answer.
import { Option, type Command } from 'commander';
import type { Lazy } from './kit.js';

/**
 * `dream apply x --json`: commander hands flags written after the subcommand to the parent when the
 * parent has the same flag (`dream --json`), so `apply` takes them from there too.
 */
function withParentFlags(action: (...args: unknown[]) => Promise<void>) {
  return (file: unknown, opts: Record<string, unknown>, cmd: Command) => {
    const parent = cmd.parent?.opts() ?? {};
    return action(file, { ...opts, json: opts.json ?? parent.json, dryRun: opts.dryRun ?? parent.dryRun }, cmd);
  };
}

export function defineCurateCommands(program: Command, lazy: Lazy): void {
  const budgetOption = () => new Option('--budget <chars>', 'the batch stays within this many characters').default('20000');
  const dream = () => import('../commands/dream.js');
  const migrate = () => import('../commands/migrate.js');

  const dreamCommand = program
    .command('dream')
    .description("print a batch of facts for the session's model to curate (clusters, splits, translations)")
    .option('--limit <n>', 'at most this many items (clusters, split candidates, translations)')
    .addOption(budgetOption())
    .option('--in <where>', 'all (default), repo, global, machine, or a repo id')
    .option('--languages <list>', 'the languages you write in, e.g. en,ru (default: $MEMCUE_LANGUAGES, else found in the facts)')
    .option('--json', 'print only the JSON payload')
    .addHelpText('after', '\nThen: write the answer the batch describes and run `memcue dream apply answer.json`.\nExample:\n  memcue dream --limit 20')
    .action(lazy(dream));
  dreamCommand
    .command('apply')
    .description('validate the answer to a dream batch and apply it in one transaction (new versions only)')
    .argument('<file>', 'the answer, or - for standard input')
    .option('--dry-run', 'validate and report, write nothing')
    .option('--json', 'print the summary as JSON')
    .addHelpText('after', '\nExample:\n  memcue dream apply answer.json --dry-run   # check first; without --dry-run it writes')
    .action(withParentFlags(lazy(() => dream().then((m) => ({ run: m.apply })))));
  dreamCommand
    .command('undo')
    .description('take back an applied dream batch: each fact it touched gets its earlier version again (new versions)')
    .argument('<batch>', 'the batch id (`memcue log` shows it)')
    .option('--force', 'also revert facts changed since the batch by something else')
    .option('--json', 'print the report as JSON')
    .addHelpText('after', '\nExample:\n  memcue dream undo 3af6461e9b7a')
    .action(withParentFlags(lazy(() => dream().then((m) => ({ run: m.undo })))));

  const migrateCommand = program
    .command('migrate')
    .description('turn file memories (Claude Code auto memory, memory/ folders, memsearch) into facts')
    .option('--from <source...>', 'claude | dir PATH | memsearch PATH (default: this project\'s memories)')
    .option('--all', 'every Claude Code project, not only the current one')
    .option('--raw', 'import each paragraph as a note fact, without a model')
    .option('--dry-run', 'list what would be migrated, write nothing')
    .addOption(budgetOption())
    .option('--limit <n>', 'at most this many notes in the batch')
    .option('--json', 'print only the JSON payload (or, with --raw/--dry-run, a JSON report)')
    .addHelpText('after', '\nExamples:\n  memcue migrate --all            # a batch of notes for the model\n  memcue migrate --from dir ./memory --raw')
    .action(lazy(migrate));
  migrateCommand
    .command('apply')
    .description('validate the facts extracted from a migrate batch and add them in one transaction')
    .argument('<file>', 'the answer, or - for standard input')
    .option('--dry-run', 'validate and report, write nothing')
    .option('--json', 'print the summary as JSON')
    .addHelpText('after', '\nExample:\n  memcue migrate apply facts.json')
    .action(withParentFlags(lazy(() => migrate().then((m) => ({ run: m.apply })))));
  migrateCommand
    .command('undo')
    .description('take back an applied migrate batch: its facts are forgotten, its notes offered again')
    .argument('<batch>', 'the batch id (printed by migrate apply / --raw; `memcue log` shows it)')
    .option('--force', 'also forget facts edited since the batch')
    .option('--json', 'print the report as JSON')
    .addHelpText('after', '\nExample:\n  memcue migrate undo 5f8f4a1c3ef8')
    .action(withParentFlags(lazy(() => migrate().then((m) => ({ run: m.undo })))));
}
