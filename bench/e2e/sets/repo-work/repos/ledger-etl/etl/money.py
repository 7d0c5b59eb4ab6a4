"""Money as integer kopecks: parsed from the provider's strings, formatted back for reports."""
from decimal import Decimal, InvalidOperation


class AmountError(ValueError):
    pass


def parse_amount(text: str) -> int:
    """'1234.50' -> 123450. More than two decimals is an error, not a silent rounding."""
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        raise AmountError(f"not an amount: {text!r}") from None
    kopecks = value * 100
    if kopecks != kopecks.to_integral_value():
        raise AmountError(f"more than two decimals: {text!r}")
    return int(kopecks)


def format_amount(kopecks: int) -> str:
    """123450 -> '1234.50'."""
    sign = "-" if kopecks < 0 else ""
    kopecks = abs(kopecks)
    return f"{sign}{kopecks // 100}.{kopecks % 100:02d}"
