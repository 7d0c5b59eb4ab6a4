"""python3 -m etl.cli TRANSACTIONS_CSV OUT_DIR [--merchants FILE]"""
import argparse
import os
import sys
from pathlib import Path

from .money import AmountError
from .read import InputError, read_merchants, read_transactions
from .report import merchant_rows, revenue_by_merchant, write_csv

ROOT = Path(__file__).resolve().parent.parent


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="etl", description="Build finance reports from a transactions export.")
    p.add_argument("transactions")
    p.add_argument("out_dir")
    p.add_argument("--merchants", default=str(ROOT / "data" / "merchants.csv"))
    args = p.parse_args(argv)
    try:
        txns = read_transactions(args.transactions)
        merchants = read_merchants(args.merchants)
    except (OSError, InputError, AmountError) as e:
        print(f"etl: {e}", file=sys.stderr)
        return 1
    os.makedirs(args.out_dir, exist_ok=True)
    rows = merchant_rows(revenue_by_merchant(txns), merchants)
    write_csv(Path(args.out_dir) / "report_merchants.csv", rows, ["merchant_id", "name", "revenue", "count"])
    print(f"etl: {len(txns)} transactions, {len(rows)} merchants")
    return 0


if __name__ == "__main__":
    sys.exit(main())
