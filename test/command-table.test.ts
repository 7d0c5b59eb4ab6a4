// The one command table (src/command-table.ts) against the program commander builds: every command
// the CLI defines is in the table, in the group that defines it, and nothing else is.
import { describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { GROUPS, commandFacts } from '../src/command-table.js';
import { defineAgentCommands } from '../src/cli/agents.js';
import { defineCoreCommands } from '../src/cli/core.js';
import { defineCurateCommands } from '../src/cli/curate.js';
import { defineEvalCommands } from '../src/cli/eval.js';
import { defineSyncCommands } from '../src/cli/sync.js';

const DEFINE = { core: defineCoreCommands, sync: defineSyncCommands, curate: defineCurateCommands, agents: defineAgentCommands, eval: defineEvalCommands };

describe('the command table', () => {
  it('names every command of the CLI with the group that defines it, and its subcommands', () => {
    const named: string[] = [];
    for (const group of GROUPS) {
      const program = new Command('memcue');
      DEFINE[group](program, () => async () => {});
      for (const command of program.commands) {
        named.push(command.name());
        expect(commandFacts(command.name())?.group, command.name()).toBe(group);
        expect(commandFacts(command.name())?.subcommands ?? false, command.name()).toBe(command.commands.length > 0 || ['hook', 'eval'].includes(command.name()));
      }
    }
    expect(named.length).toBe(24);
  });

  it('knows no option, typo or inherited name as a command', () => {
    for (const word of [undefined, '--help', 'help', 'serach', 'toString', 'constructor', '__proto__']) expect(commandFacts(word)).toBeUndefined();
  });
});
