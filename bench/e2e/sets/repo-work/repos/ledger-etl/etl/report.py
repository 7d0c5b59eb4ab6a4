"""Aggregations over transactions and the CSV files finance receives."""
import csv
import sys
from collections import defaultdict

from .money import format_amount


def revenue_by_merchant(txns) -> dict[str, dict]:
    """Captured RUB revenue and count per merchant. Other currencies are skipped with a warning."""
    out = defaultdict(lambda: {"revenue": 0, "count": 0})
    skipped = 0
    for t in txns:
        if t.status != "captured":
            continue
        if t.currency != "RUB":
            skipped += 1
            continue
        out[t.merchant_id]["revenue"] += t.amount
        out[t.merchant_id]["count"] += 1
    if skipped:
        print(f"warning: {skipped} non-RUB transactions skipped", file=sys.stderr)
    return dict(out)


def merchant_rows(totals, merchants) -> list[dict]:
    rows = []
    for mid in sorted(totals):
        rows.append({
            "merchant_id": mid,
            "name": merchants.get(mid, {}).get("name", ""),
            "revenue": format_amount(totals[mid]["revenue"]),
            "count": totals[mid]["count"],
        })
    return rows


def write_csv(path, rows, columns) -> None:
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=columns)
        writer.writeheader()
        writer.writerows(rows)
