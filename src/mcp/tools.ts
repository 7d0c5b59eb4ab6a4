// The MCP tools: each one runs the same command module as the CLI (same checks, same wording), with
// its output captured as the tool's text. Schemas are kept short on purpose: every client puts the
// whole tools/list into the model's prompt (README, "MCP": the measured cost).
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Context } from '../context.js';
import { MemcueError, reportError } from '../errors.js';

type Args = Record<string, unknown>;
const str = { type: 'string' } as const;
const KIND = { type: 'string', description: 'rule|decision|gotcha|env|note' } as const;

/**
 * What each tool does to the user's data (MCP tool annotations), which clients use to decide what
 * needs the user's approval: search and show only read; add and forget write the user's own
 * memory file (a forgotten fact keeps its history, `memcue undo` brings it back), nothing beyond it.
 */
const READS = { readOnlyHint: true, openWorldHint: false } as const;
const WRITES = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export const TOOLS = [
  {
    name: 'memcue_search',
    annotations: { title: 'Search memory', ...READS },
    description: 'Search long-term memory with the system, service, file or person\'s name, the question\'s distinctive words, and a synonym or broader term where the fact may word it otherwise; not a whole sentence. Words match by stem, in the language the fact is written in; only tech names and abbreviations match in another spelling (докер: Docker), so in a two-language memory put the key terms in both languages in one query. Missed? Search again with the words the fact would likely use, and limit 10. Results: id, kind, date recorded (not when it happened), text.',
    inputSchema: {
      type: 'object',
      properties: {
        query: str,
        in: { type: 'string', description: 'repo (default)|all|global|machine|<repo id>' },
        kind: KIND,
        since: { type: 'string', description: 'ISO date or age: 7d, 2w' },
        limit: { type: 'integer', description: 'default 5; 10 for which/what-all questions' },
      },
      required: ['query'],
    },
  },
  {
    name: 'memcue_add',
    annotations: { title: 'Remember a fact', ...WRITES },
    description: 'Remember one short self-contained fact. Never secrets.',
    inputSchema: {
      type: 'object',
      properties: {
        text: str,
        kind: KIND,
        scope: { type: 'string', description: 'repo (default in a repo)|global|machine' },
        keywords: { type: 'string', description: 'comma-separated index-only words: synonyms; in a two-language memory the key terms in the other one' },
      },
      required: ['text'],
    },
  },
  { name: 'memcue_show', annotations: { title: 'Show a fact', ...READS }, description: 'A fact with its history.', inputSchema: idSchema() },
  { name: 'memcue_forget', annotations: { title: 'Forget a fact', ...WRITES }, description: 'Forget a wrong or outdated fact.', inputSchema: idSchema() },
];

function idSchema() {
  return { type: 'object', properties: { id: str }, required: ['id'] };
}

/** Runs one tool; a user's error (bad argument, secret, unknown id) is a tool error with the CLI's one line. */
export async function callTool(ctx: Context, name: string, args: Args = {}): Promise<CallToolResult> {
  let out = '';
  let err = '';
  const captured: Context = { ...ctx, stdout: (t) => (out += t), stderr: (t) => (err += t), readStdin: async () => '' };
  try {
    await runTool(captured, name, args);
  } catch (e) {
    reportError(e, { ...captured, env: { ...ctx.env, MEMCUE_DEBUG: undefined } });
    return { content: [{ type: 'text', text: err.trim().replace(/^memcue: /, '') }], isError: true };
  }
  // Search says why nothing matched on stderr; here that is the answer.
  const text = (out || err.replace(/^memcue: /, '')).trim();
  return { content: [{ type: 'text', text }] };
}

async function runTool(ctx: Context, name: string, args: Args): Promise<void> {
  switch (name) {
    case 'memcue_search': {
      const { run } = await import('../commands/search.js');
      const limit = args.limit === undefined ? '5' : String(args.limit);
      return run(ctx, [text(args, 'query')], { limit, in: opt(args, 'in'), kind: opt(args, 'kind'), since: opt(args, 'since') });
    }
    case 'memcue_add': {
      const { run } = await import('../commands/add.js');
      const given = text(args, 'text');
      // `-` means standard input to the CLI; here it is just the text.
      if (given.trim() === '-') throw new MemcueError('USAGE', 'text "-" is not a fact', 'give the fact itself');
      return run(ctx, [given], { kind: opt(args, 'kind') ?? 'note', scope: opt(args, 'scope'), keywords: opt(args, 'keywords') });
    }
    case 'memcue_show':
      return (await import('../commands/show.js')).run(ctx, text(args, 'id'), {});
    case 'memcue_forget':
      return (await import('../commands/forget.js')).run(ctx, text(args, 'id'), {});
    default:
      throw new MemcueError('USAGE', `unknown tool "${name}"`, `use one of ${TOOLS.map((t) => t.name).join(', ')}`);
  }
}

function text(args: Args, name: string): string {
  const value = opt(args, name);
  if (value === undefined) throw new MemcueError('USAGE', `missing argument "${name}"`, 'give it as a string');
  return value;
}

function opt(args: Args, name: string): string | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new MemcueError('USAGE', `argument "${name}" must be a string`, 'give it as a string');
  return value;
}
