"""Every env file has exactly the keys of its service's template, and no empty secrets."""
import sys
from common import ROOT, read_env

errors = []
for stage_dir in sorted((ROOT / "envs").iterdir()):
    if stage_dir.name == "templates" or not stage_dir.is_dir():
        continue
    for env in sorted(stage_dir.glob("*.env")):
        tmpl = ROOT / "envs" / "templates" / env.name
        if not tmpl.exists():
            errors.append(f"{env}: no template {tmpl.name}")
            continue
        want, got = set(read_env(tmpl)), read_env(env)
        if set(got) != want:
            errors.append(f"{env}: keys {sorted(set(got) ^ want)} differ from the template")
        for k in ("PORT", "DATABASE_URL"):
            if k in got and not got[k]:
                errors.append(f"{env}: {k} is empty")
for e in errors:
    print(e, file=sys.stderr)
sys.exit(1 if errors else 0)
