"""cron.d files: variables or 'min hour dom mon dow user command' lines with sane fields."""
import re
import sys
from common import ROOT

RANGES = [(0, 59), (0, 23), (1, 31), (1, 12), (0, 7)]
errors = []


def field_ok(field, lo, hi):
    for part in field.split(","):
        m = re.fullmatch(r"(\*|\d+(?:-\d+)?)(?:/(\d+))?", part)
        if not m:
            return False
        if m.group(1) != "*":
            nums = [int(x) for x in m.group(1).split("-")]
            if any(n < lo or n > hi for n in nums):
                return False
    return True


for path in sorted((ROOT / "cron").glob("*.cron")):
    for n, line in enumerate(path.read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#") or re.match(r"^[A-Z_]+=", line):
            continue
        parts = line.split(None, 6)
        if len(parts) < 7:
            errors.append(f"{path.name}:{n}: need 5 time fields, a user and a command")
            continue
        for f, (lo, hi) in zip(parts[:5], RANGES):
            if not field_ok(f, lo, hi):
                errors.append(f"{path.name}:{n}: bad time field {f!r}")
for e in errors:
    print(e, file=sys.stderr)
sys.exit(1 if errors else 0)
