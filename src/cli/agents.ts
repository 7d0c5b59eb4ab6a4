// Agent integration: the session-start card, the hook entry point, diagnostics, and wiring agents.
import { Argument, type Command } from 'commander';
import { HOOK_AGENTS } from '../hooks/agents.js';
import { INSTALL_AGENTS } from '../install/agents.js';
import type { Lazy } from './kit.js';

export function defineAgentCommands(program: Command, lazy: Lazy): void {
  program
    .command('card')
    .description('the session-start card: how to use memory, this repo\'s rules and decisions, global rules')
    .option('--json', 'print JSON (entries, what was left out, and the text)')
    .addHelpText('after', '\nExample:\n  memcue card   # run inside a repo: what a session there starts with')
    .action(lazy(() => import('../commands/card.js')));

  program
    .command('hook')
    .description('run as an agent hook: reads the hook JSON on stdin, prints what the agent parses, always exits 0')
    .argument('[agent]', HOOK_AGENTS.join(' | '))
    .argument('[event]', 'session-start (others print nothing); default: hook_event_name from stdin')
    .allowUnknownOption()
    .allowExcessArguments()
    .addHelpText('after', '\nExample:\n  echo \'{"cwd":"/src/app","hook_event_name":"SessionStart"}\' | memcue hook claude session-start')
    .action(lazy(() => import('../commands/hook.js')));

  program
    .command('doctor')
    .description('version, database health, repo identity, which agents are wired, last hook errors')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      [
        '\nExit status:',
        '  0  all is well, or only advice (a v4 file `memcue compact` would convert, past hook errors, an agent not wired)',
        '  3  doctor found something wrong: a database damaged or not memcue\'s, memcue\'s triggers missing, heads or',
        '     the search index disagreeing with the facts, a wired hook or binary that fails when run (listed on stderr)',
        '  1  an error memcue explains (a usage error, a file it cannot read)',
        '\nExample:\n  memcue doctor && echo "memory works"',
      ].join('\n'),
    )
    .action(lazy(() => import('../commands/doctor.js')));

  program
    .command('mcp')
    .description('an MCP server on stdio (tools memcue_search/add/show/forget; the card as instructions); ends with stdin')
    .addHelpText('after', '\nExample:\n  memcue install cursor   # writes ~/.cursor/mcp.json to run `memcue mcp`')
    .action(lazy(() => import('../mcp/command.js')));

  program
    .command('install')
    .description('wire memcue into an agent (idempotent; marks what it writes; backs up what it changes)')
    .addArgument(new Argument('<agent>', 'the agent to wire').choices(INSTALL_AGENTS))
    .option('--project', 'claude: .claude/settings.json of this repo; gemini: .gemini/settings.json; dsh: this repo\'s AGENTS.md; opencode: .opencode/plugins/; cursor: .cursor/mcp.json')
    .option('--profile <name>', 'dsh: the profile whose cordis.patch.yml mounts the hooks bridge', 'web')
    .option('--disable-auto-memory', 'claude: also set "autoMemoryEnabled": false so the built-in memory does not take "remember" first')
    .option('--mcp', 'claude, codex, gemini, opencode: register `memcue mcp` as the agent\'s MCP server, next to its hook when that is installed (the hook then gives the card and the server the tools; without the hook the server gives both)')
    .addHelpText('after', '\nExamples:\n  memcue install claude\n  memcue install codex --mcp   # the tools, which write outside Codex\'s sandbox\n  memcue uninstall claude   # gives back the files as they were')
    .action(lazy(() => import('../commands/install.js')));

  program
    .command('uninstall')
    .description('remove exactly what `memcue install <agent>` wrote; untouched files come back byte for byte')
    .addArgument(new Argument('<agent>', 'the agent to unwire').choices(INSTALL_AGENTS))
    .option('--project', 'the project-level wiring (see install --project)')
    .option('--profile <name>', 'dsh: the profile given to install', 'web')
    .option('--mcp', 'the MCP server registration (see install --mcp)')
    .addHelpText('after', '\nExample:\n  memcue uninstall claude --project')
    .action(lazy(() => import('../commands/uninstall.js')));
}
