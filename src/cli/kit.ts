// What a command group needs to define commands: `lazy` wires a command to the module that does its
// work, imported only when that command runs (so `--help` never loads SQLite).
import type { Context } from '../context.js';

export type CommandModule = { run: (ctx: Context, ...args: never[]) => Promise<number | void> | number | void };
export type Lazy = (load: () => Promise<CommandModule>) => (...args: unknown[]) => Promise<void>;
