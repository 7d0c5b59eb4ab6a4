// What `memcue mcp` tells the client at `initialize`: that the tools are there, and the session-start
// card, unless that client's memcue hook (or plugin) already puts the card into every session,
// which would give the model the card twice. The client names itself in `clientInfo`.
import type { Context } from '../context.js';
import { cardFor } from '../hooks/make-card.js';
import { codexBypassesTrust } from './codex-session.js';
import { claudePlugins } from '../install/claude-plugins.js';
import { codexHookTrust } from '../install/codex-trust.js';
import { wiredTargets } from '../install/engine.js';
import { wiringFor, type InstallAgent } from '../install/wirings.js';

/** Said before the card: here the commands the card names are tools. */
const TOOLS_NOTE =
  'Here memcue is also available as MCP tools: memcue_search, memcue_add, memcue_show, memcue_forget (same arguments as the command options).';
const CARD_FROM_HOOK = 'The memcue card (how to use memory, the rules) reaches this session through memcue\'s hook, so it is not repeated here.';

/** The agent a client's `clientInfo.name` stands for (as each sends it: claude-code, codex-mcp-client, …). */
function agentOf(clientName: string | undefined): InstallAgent | undefined {
  const name = (clientName ?? '').toLowerCase();
  if (name.startsWith('claude-code')) return 'claude';
  if (name.startsWith('codex')) return 'codex';
  if (name.startsWith('gemini')) return 'gemini';
  if (name.startsWith('opencode')) return 'opencode';
  return undefined;
}

/**
 * Whether memcue's hook or plugin gives this agent's sessions the card. Codex runs the hook only
 * while the user's stored trust matches the hook as it is now, or when this session bypasses trust.
 */
function hookGivesCard(ctx: Context, agent: InstallAgent): boolean {
  const plugin = () => agent === 'claude' && claudePlugins(ctx.env).ids.length > 0;
  const wired = [false, true].some((project) => wiredTargets(wiringFor(agent, ctx, { project })).length > 0) || plugin();
  if (!wired || agent !== 'codex') return wired;
  return codexHookTrust(ctx.env).includes('trusted') || codexBypassesTrust(process.ppid);
}

export async function instructionsFor(ctx: Context, clientName: string | undefined): Promise<string> {
  const agent = agentOf(clientName);
  if (agent && hookGivesCard(ctx, agent)) return `${TOOLS_NOTE}\n${CARD_FROM_HOOK}\n`;
  return `${TOOLS_NOTE}\n\n${(await cardFor(ctx)).text}`;
}
