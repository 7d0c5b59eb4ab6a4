"""Small readers for the config formats in this repo (stdlib only)."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def read_env(path):
    """KEY=VALUE lines -> dict; comments and blank lines skipped."""
    out = {}
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition("=")
        if not sep:
            raise ValueError(f"{path}: not KEY=VALUE: {line!r}")
        out[key] = value
    return out


def read_unit(path):
    """systemd unit -> {section: [(key, value), ...]} (keys may repeat, e.g. Environment)."""
    sections, current = {}, None
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        m = re.fullmatch(r"\[(\w+)\]", line)
        if m:
            current = sections.setdefault(m.group(1), [])
            continue
        key, sep, value = line.partition("=")
        if not sep or current is None:
            raise ValueError(f"{path}: bad line {line!r}")
        current.append((key.strip(), value.strip()))
    return sections


def unit_port(path):
    for key, value in read_unit(path).get("Service", []):
        if key == "Environment" and value.startswith("PORT="):
            return int(value[5:])
    return None


def upstreams(path):
    """nginx upstream blocks -> {name: [(host, port), ...]}"""
    text = Path(path).read_text()
    out = {}
    for name, body in re.findall(r"upstream\s+(\w+)\s*\{(.*?)\}", text, re.S):
        out[name] = [(h, int(p)) for h, p in re.findall(r"server\s+([\w.-]+):(\d+)", body)]
    return out


def inventory(path=ROOT / "hosts" / "inventory.ini"):
    groups, current = {}, None
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            current = groups.setdefault(line.strip("[]"), [])
        else:
            current.append(line.split()[0])
    return groups
