"""Units have what a service needs, and ports agree with the upstreams and the prod env files."""
import sys
from common import ROOT, read_env, read_unit, unit_port, upstreams

errors = []
ups = upstreams(ROOT / "nginx" / "upstreams.conf")
for unit in sorted((ROOT / "systemd").glob("*.service")):
    svc = unit.stem
    sec = dict(read_unit(unit).get("Service", []))
    for key in ("User", "ExecStart", "Restart"):
        if key not in sec:
            errors.append(f"{unit.name}: no {key}=")
    port = unit_port(unit)
    if port is None:
        errors.append(f"{unit.name}: no Environment=PORT=")
        continue
    up = ups.get(svc.replace("-", "_"))
    if up is not None and any(p != port for _, p in up):
        errors.append(f"{unit.name}: port {port} but upstream {svc.replace('-', '_')} has {up}")
    env = ROOT / "envs" / "prod" / f"{svc}.env"
    if env.exists() and read_env(env).get("PORT") != str(port):
        errors.append(f"{env.name}: PORT differs from the unit's {port}")
for e in errors:
    print(e, file=sys.stderr)
sys.exit(1 if errors else 0)
