// `memcue eval`: how well search finds the facts that answer a set of queries.
import type { Command } from 'commander';
import type { Lazy } from './kit.js';

export function defineEvalCommands(program: Command, lazy: Lazy): void {
  program
    .command('eval')
    .description('measure search quality: hit@1, hit@5, recall@5, MRR, results per query')
    .requiredOption('--queries <file>', 'JSON Lines {id, text, rel?}: rel is a fact id or a list of them')
    .option('--facts <file>', 'JSON Lines {id, text, kind?, scope?}: searched in a temporary database')
    .option('--qrels <file>', 'TSV query_id<TAB>fact_id, several lines per query allowed')
    .option('--against <db>', 'evaluate on this memcue database instead (queries name its fact ids)')
    .option('--in <where>', 'which scopes to search, as for memcue search (all, global, a repo id)')
    .option('--by <field>', 'also give the figures per value of this query field (e.g. category)')
    .option('-n, --limit <n>', 'results per query, as for memcue search (default 5)')
    .option('--cutoff <ratio>', 'drop results scoring below this share of the best (default 0.6)')
    .option('--json', 'print the figures as JSON')
    .addHelpText(
      'after',
      '\nQueries run through exactly the code of `memcue search`, with its defaults.\n' +
        'Example:\n  memcue eval --facts facts.jsonl --queries questions.jsonl --qrels answers.tsv --by category',
    )
    .action(lazy(() => import('../commands/eval.js')));
}
