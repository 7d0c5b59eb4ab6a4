# Issue 32 (card32c): the kept memcue calls of the 106 memcue runs replayed, paired, on two binaries
# against fresh run folders (`npm run bench:e2e -- --tasks bench/e2e/sets/repo-work --conditions
# memcue,scale-memcue --repeats 2 --agent manual --work RUNS`, made with the new binary): the card each
# binary's SessionStart hook gives there, and what each printed (stdout + stderr) for the same calls.
# Writes skipped (add, edit, forget, import), as in replay-output.py; arguments split as a shell would.
# `list_limit`: the listings the agent gave its own --limit / -n (printed as asked, before and after).
# Usage (from the repository root): python3 replay-card32.py RUNS BEFORE_BINARY AFTER_BINARY > out.jsonl
import glob, json, os, shlex, subprocess, sys
KEEP = 'bench/data/e2e/repo-work-2026-12-06/runs'
runs, before, after = sys.argv[1], sys.argv[2], sys.argv[3]

def kind(args):
    if '--help' in args or '-h' in args or args[:1] == ['help']: return 'help'
    for a in args:
        if a == 'list' and any(x in ('-n', '--limit', '--all') or x.startswith('--limit=') for x in args): return 'list_limit'
        if not a.startswith('-'): return a if a in ('search', 'list') else 'other'
    return 'other'

def env_for(run, cache):
    home = f'{run}/home'
    return {**os.environ, 'HOME': home, 'XDG_CONFIG_HOME': f'{home}/.config', 'XDG_DATA_HOME': f'{home}/.local/share',
            'XDG_STATE_HOME': f'{home}/.local/state', 'XDG_CACHE_HOME': cache, 'MEMCUE_DB': f'{run}/memory.db',
            'MEMCUE_HOST': 'e2e', 'PATH': f"{run}/bin:{os.environ.get('PATH', '/usr/bin:/bin')}"}

def card(binary, run, cache):
    event = json.dumps({'session_id': 'replay', 'cwd': f'{run}/work', 'hook_event_name': 'SessionStart', 'source': 'startup'})
    r = subprocess.run([binary, 'hook', 'claude', 'session-start'], input=event, cwd=f'{run}/work', env=env_for(run, cache), capture_output=True, text=True, timeout=60)
    return json.loads(r.stdout)['hookSpecificOutput']['additionalContext']

for kept in sorted(glob.glob(f'{KEEP}/*memcue*')):
    name = os.path.basename(kept)
    run = f'{runs}/{name}'
    calls_file = f'{kept}/memcue-calls.txt'
    if not os.path.exists(f'{run}/memory.db') or not os.path.exists(calls_file):
        print('skipped', name, file=sys.stderr); continue
    row = {'run': name}
    for label, binary in (('before', before), ('after', after)):
        cache = f'{run}/replay-cache-{label}'
        row[f'card_{label}'] = len(card(binary, run, cache))
        by = {'search': 0, 'list': 0, 'list_limit': 0, 'help': 0, 'other': 0}; n = 0
        for line in open(calls_file).read().splitlines():
            try: args = shlex.split(line)[1:]
            except ValueError: args = line.split()[1:]
            if not args or args[0] in ('add', 'edit', 'forget', 'import'): continue
            r = subprocess.run([binary, *args], cwd=f'{run}/work', env=env_for(run, cache), capture_output=True, text=True, timeout=60)
            by[kind(args)] += len(r.stdout) + len(r.stderr); n += 1
        row[f'output_{label}'] = sum(by.values()); row[f'by_{label}'] = by; row['calls'] = n
    print(json.dumps(row), flush=True)
