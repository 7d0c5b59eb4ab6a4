// The fact commands: add, search, show, edit, forget, list, stats, export, import.
import { Option, type Command } from 'commander';
import type { Lazy } from './kit.js';

export function defineCoreCommands(program: Command, lazy: Lazy): void {
  const kindOption = () => new Option('--kind <kind>', 'rule | decision | gotcha | env | note');
  const inOption = () => new Option('--in <where>', 'repo (default: this repo + machine + global), all, global, machine, or a repo id');

  program
    .command('add')
    .description('remember one short, self-contained fact; prints its id')
    .argument('<text...>', 'the fact (several words are joined with spaces; - reads it from standard input)')
    .addOption(kindOption().default('note'))
    .option('--scope <scope>', 'repo (default inside a git repo), global, machine, or repo:<id>')
    .option('--quote <quote>', 'supporting excerpt the fact came from')
    .option('--source <source>', 'where it came from (a path or session id); the repo id is added')
    .option('--keywords <words>', 'index-only keywords, comma-separated: synonyms and the words a question would use')
    .option('--allow-secret', 'store it even if it looks like a secret')
    .option('--json', 'print the whole fact as JSON')
    .addHelpText('after', '\nExample:\n  memcue add --kind gotcha "api-gw times out after 30 s; raise PROXY_TIMEOUT for uploads"')
    .action(lazy(() => import('../commands/add.js')));

  program
    .command('search')
    .description('find facts: BM25, best first, at most 5, weak results cut off')
    .argument('<query...>', 'the system or person\'s name, the distinctive words and a synonym; in a two-language memory the key terms in both (matched by stem, only tech names across scripts); any text is valid')
    .option('-n, --limit <n>', 'at most this many results; above 5, weaker ones are kept too', '5')
    .addOption(inOption())
    .addOption(kindOption())
    .option('--since <date>', 'only facts since an ISO date or an age: 7d, 2w, 3m')
    .option('--json', 'print a JSON array')
    // A mistyped option is an error, not a query word; words that start with `-` go after `--`.
    .addHelpText('after', '\nExamples:\n  memcue search redis staging port\n  memcue search deploy friday деплой пятница --in all   # both languages in one search\n  memcue search databases postgres redis -n 10   # a "which/all" question: more results\n  memcue search --json -- -Werror flags   # words starting with - go after --\n\nIf the first search misses, search again with the words the fact would likely use, and -n 10.')
    .action(lazy(() => import('../commands/search.js')));

  program
    .command('show')
    .description('a fact with all its versions')
    .argument('<id>', 'fact id (or a unique prefix)')
    .option('--json', 'print JSON')
    .addHelpText('after', '\nExample:\n  memcue show 4f9a2c1e   # or its first 4 or more characters: memcue show 4f9a')
    .action(lazy(() => import('../commands/show.js')));

  program
    .command('edit')
    .description('change the text, kind or scope of a fact (appends a version)')
    .argument('<id>', 'fact id (or a unique prefix)')
    .argument('[text...]', 'the new text (leave out to keep it)')
    .addOption(kindOption())
    .option('--scope <scope>', 'move it: repo, global, machine, or repo:<id>')
    .option('--revive', 'edit a forgotten or superseded fact and make it active again')
    .option('--allow-secret', 'store it even if it looks like a secret')
    .option('--json', 'print the new version as JSON')
    .addHelpText('after', '\nExamples:\n  memcue edit 7k2d9q "api-gw times out after 60 s"\n  memcue edit 7k2d9q --kind rule --scope global')
    .action(lazy(() => import('../commands/edit.js')));

  program
    .command('forget')
    .description('forget a fact (appends a forgotten version; history is kept)')
    .argument('<id>', 'fact id (or a unique prefix)')
    .option('--json', 'print the new version as JSON')
    .addHelpText('after', '\nExample:\n  memcue forget 4f9a')
    .action(lazy(() => import('../commands/forget.js')));

  program
    .command('revert')
    .description('write an earlier version of a fact again as its newest (nothing is deleted)')
    .argument('<id>', 'fact id (or a unique prefix)')
    .option('--to <version>', 'the version to go back to (default: the one before the current)')
    .option('--allow-secret', 'write it again even if it looks like a secret')
    .option('--json', 'print the new version as JSON')
    .addHelpText('after', '\nExample:\n  memcue revert 7k2d9q --to 1')
    .action(lazy(() => import('../commands/revert.js')));

  program
    .command('log')
    .description('recent changes, newest first: when, host, fact, version, what changed, by what (dream, migrate, import, sync)')
    .argument('[id]', 'only this fact (id or a unique prefix)')
    .option('--since <date>', 'only changes since an ISO date or an age: 1h, 7d, 2w')
    .option('--in <where>', 'all (default), repo, global, machine, or a repo id')
    .addOption(kindOption())
    .option('--host <host>', 'only changes made on this machine name')
    .option('--by <writer>', 'only changes made by dream, migrate, import, or sync (other machines)')
    .option('-n, --limit <n>', 'at most this many (default 30)')
    .option('--json', 'print a JSON array')
    .addHelpText('after', '\nExamples:\n  memcue log --since 1d\n  memcue log --by import\n  memcue log 7k2d9q')
    .action(lazy(() => import('../commands/log.js')));

  program
    .command('ui')
    .description('open a local viewer: browse, search, filter, history, edit, forget, revert, the change log')
    .option('--no-open', 'only print the URL, do not open a browser')
    .option('--port <port>', 'listen on this port (default: a free one)')
    .addHelpText('after', '\nRuns until Ctrl-C, on 127.0.0.1 only. The printed URL carries a one-time token; the browser is opened\nthrough a private file instead, so the token is in no command line.\nExample:\n  memcue ui --no-open')
    .action(lazy(() => import('../ui/command.js')));

  program
    .command('list')
    .description('current facts, newest first')
    .addOption(kindOption())
    .addOption(inOption())
    .option('--since <date>', 'only facts since an ISO date or an age: 1h, 7d, 2w, 3m')
    .option('--state <state>', 'active (default), forgotten, superseded or all')
    .option('--all-versions', 'every version of every fact (edits, forgets, supersedes), newest first')
    .option('-n, --limit <n>', 'at most this many (to a pipe or an agent: 50 unless --limit or --all)')
    .option('--all', 'every one, also to a pipe or an agent')
    .option('--long', 'also the host each fact was written on and its source')
    .option('--json', 'print a JSON array (all of them unless --limit)')
    .addHelpText('after', '\nExamples:\n  memcue list --since 1h --in all\n  memcue list --state forgotten\nAt a terminal it prints every match; to a pipe or an agent the newest 50 and, on stderr, how many more.\nTo find a fact, `memcue search WORDS` beats reading a listing.')
    .action(lazy(() => import('../commands/list.js')));

  program
    .command('stats')
    .description('counts by kind and scope, versions, file size')
    .option('--json', 'print JSON')
    .addHelpText('after', '\nExample:\n  memcue stats --json')
    .action(lazy(() => import('../commands/stats.js')));

  program
    .command('compact')
    .description('give an older (schema v4) database the smaller index new ones get (once; re-indexes every fact)')
    .option('--json', 'print JSON')
    .addHelpText('after', '\nExample:\n  memcue compact   # ~140 bytes a fact smaller; older memcue builds can no longer open the file')
    .action(lazy(() => import('../commands/compact.js')));

  program
    .command('export')
    .description('write facts as JSON Lines to stdout (current versions, or all with --all-versions)')
    .option('--all-versions', 'every version row, not only current ones')
    .addHelpText('after', '\nExample:\n  memcue export --all-versions > memory.jsonl   # a full backup; memcue import restores it')
    .action(lazy(() => import('../commands/export.js')));

  program
    .command('import')
    .description('read JSON Lines (export format or {"text","kind"?,"scope"?}) in one transaction')
    .argument('<file>', 'a file, or - for standard input')
    .option('--allow-secret', 'import lines that look like secrets')
    .addHelpText('after', '\nExamples:\n  memcue import memory.jsonl\n  echo \'{"text":"CI runs on Node 22","kind":"env"}\' | memcue import -')
    .action(lazy(() => import('../commands/import.js')));

}
