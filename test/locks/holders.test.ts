// What a busy message says about a memcue process holding SQLite's lock (read from its command line):
// the command words, whatever global options come before them, and never the text of a fact.
import { describe, expect, it } from 'vitest';
import { commandSummary } from '../../src/locks/holders.js';

describe('commandSummary', () => {
  it.each([
    [['add', 'the API listens on 8443'], 'memcue add'],
    [['--db', '/tmp/x/memory.db', 'add', 'a fact'], 'memcue add'],
    [['-db', '/tmp/x/memory.db', 'list'], 'memcue list'],
    [['--db=/tmp/x/memory.db', 'import', 'facts.jsonl'], 'memcue import'],
    [['--db', 'rel.db', 'dream', 'apply', 'answer.json'], 'memcue dream apply'],
    [[], 'memcue'],
    [['--db', '/x.db'], 'memcue'],
    [['--in', 'all', 'search', 'deploy'], 'memcue search'],
    [['-n', '3', '--json', 'search', 'deploy'], 'memcue search'],
  ])('%j → %s', (argv, summary) => {
    expect(commandSummary(argv)).toBe(summary);
  });
});
