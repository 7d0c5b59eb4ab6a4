"""Reading the provider's export into Transaction records."""
import csv
from dataclasses import dataclass
from datetime import datetime, timezone

from .money import parse_amount

COLUMNS = ["txn_id", "created_at", "merchant_id", "amount", "currency", "status"]


@dataclass(frozen=True)
class Transaction:
    txn_id: str
    created_at: datetime  # aware, UTC
    merchant_id: str
    amount: int  # kopecks (minor units of `currency`)
    currency: str
    status: str


class InputError(ValueError):
    pass


def parse_time(text: str) -> datetime:
    dt = datetime.fromisoformat(text.replace("Z", "+00:00"))
    if dt.tzinfo is None:
        raise InputError(f"timestamp without a zone: {text!r}")
    return dt.astimezone(timezone.utc)


def read_transactions(path) -> list[Transaction]:
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        if reader.fieldnames != COLUMNS:
            raise InputError(f"{path}: expected columns {','.join(COLUMNS)}, got {reader.fieldnames}")
        rows = []
        for row in reader:
            rows.append(Transaction(
                txn_id=row["txn_id"],
                created_at=parse_time(row["created_at"]),
                merchant_id=row["merchant_id"],
                amount=parse_amount(row["amount"]),
                currency=row["currency"],
                status=row["status"],
            ))
        return rows


def read_merchants(path) -> dict[str, dict]:
    """merchant_id -> {'name': ..., 'mcc': ...}"""
    with open(path, newline="", encoding="utf-8") as f:
        return {row["merchant_id"]: {"name": row["name"], "mcc": row["mcc"]} for row in csv.DictReader(f)}
