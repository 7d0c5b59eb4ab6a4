# Replays each kept memcue run's calls against its own run folder's database, counting what memcue printed.
import os, re, subprocess, json, glob, sys
KEEP = 'bench/data/e2e/repo-work-2026-12-06/runs'  # from the repository root; the run folders were /work/e2e-runs/<round>/<run>
out = []
for kept in sorted(glob.glob(f'{KEEP}/*memcue*')):
    name = os.path.basename(kept)
    folders = [d for d in glob.glob(f'/work/e2e-runs/*/{name}') if os.path.exists(f'{d}/bin/memcue')]
    if not folders: print('no folder', name, file=sys.stderr); continue
    run = folders[0]
    wrapper = open(f'{run}/bin/memcue').read()
    m = re.search(r"^(MEMCUE_DB=.*) exec (\S+) \"\$@\"", wrapper, re.M)
    envs = dict(re.findall(r"(\w+)='([^']*)'", m.group(1))); envs['MEMCUE_HOST'] = 'e2e'
    binary = m.group(2).strip("'")
    env = {**os.environ, **envs, 'HOME': f'{run}/home'}
    calls = open(f'{kept}/memcue-calls.txt').read().splitlines() if os.path.exists(f'{kept}/memcue-calls.txt') else []
    chars = 0; n = 0
    for line in calls:
        args = line.split()[1:]
        if not args or args[0] in ('add', 'edit', 'forget', 'import'): continue
        r = subprocess.run([binary, *args], cwd=f'{run}/work', env=env, capture_output=True, text=True, timeout=30)
        chars += len(r.stdout) + len(r.stderr); n += 1
    card = len(open(f'{run}/context.md').read())
    out.append({'run': name, 'card_chars': card, 'calls': n, 'output_chars': chars})
    print(json.dumps(out[-1]), flush=True)
