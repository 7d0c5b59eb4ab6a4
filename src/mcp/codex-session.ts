// Whether the Codex that started this MCP server runs hooks without trust
// (`codex --dangerously-bypass-hook-trust`, often `codex exec` in CI): its SessionStart hook then gives
// the card although the user never trusted it, and the server must not give a second one. Codex
// passes that only on its command line, so the server looks at the command lines of the processes
// above it (Codex, and the npm launcher that started it).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const FLAG = '--dangerously-bypass-hook-trust';
/** The server, Codex's Rust binary, its Node launcher, the shell that ran it: far enough. */
const MAX_ANCESTORS = 4;

export function codexBypassesTrust(parent: number): boolean {
  let pid = parent;
  for (let i = 0; i < MAX_ANCESTORS && pid > 1; i++) {
    const proc = processInfo(pid);
    if (!proc) return false;
    // Only a Codex command line counts: another program's argument of that name is not Codex's flag.
    if (proc.argv.some((a) => /codex/i.test(a)) && proc.argv.includes(FLAG)) return true;
    pid = proc.ppid;
  }
  return false;
}

function processInfo(pid: number): { argv: string[]; ppid: number } | undefined {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    // The parent pid follows the command name in parentheses, which may itself hold spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return { argv, ppid };
  } catch {
    // No /proc (macOS): ps gives the same; its args are one string, split on spaces.
    const r = spawnSync('ps', ['-o', 'ppid=,args=', '-p', String(pid)], { encoding: 'utf8' });
    const found = /^\s*(\d+)\s+(.*)$/.exec(r.stdout ?? '');
    return found ? { ppid: Number(found[1]), argv: found[2]!.split(/\s+/) } : undefined;
  }
}
