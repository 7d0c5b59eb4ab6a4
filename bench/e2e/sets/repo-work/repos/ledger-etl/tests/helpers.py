import csv
import tempfile
from pathlib import Path

HEADER = "txn_id,created_at,merchant_id,amount,currency,status\n"


def write_input(dir_, rows, name="transactions_2026-03-02.csv"):
    """rows: tuples (txn_id, created_at, merchant_id, amount, currency, status)"""
    path = Path(dir_) / name
    path.write_text(HEADER + "".join(",".join(r) + "\n" for r in rows), encoding="utf-8")
    return path


def read_csv(path):
    with open(path, newline="", encoding="utf-8-sig") as f:
        return list(csv.DictReader(f))


def tmpdir(test):
    d = tempfile.TemporaryDirectory()
    test.addCleanup(d.cleanup)
    return Path(d.name)
