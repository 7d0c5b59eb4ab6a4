"""No two services on the app hosts share a port."""
import sys
from common import ROOT, unit_port

seen = {}
errors = []
for unit in sorted((ROOT / "systemd").glob("*.service")):
    port = unit_port(unit)
    if port in seen:
        errors.append(f"{unit.name}: port {port} is already used by {seen[port]}")
    seen[unit.name] = port
for e in errors:
    print(e, file=sys.stderr)
sys.exit(1 if errors else 0)
