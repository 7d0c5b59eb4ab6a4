import unittest

from etl.cli import main
from tests.helpers import read_csv, tmpdir, write_input


class CliTest(unittest.TestCase):
    def test_merchant_report(self):
        d = tmpdir(self)
        src = write_input(d, [
            ("a", "2026-03-02T10:00:00Z", "M-1001", "100.00", "RUB", "captured"),
            ("b", "2026-03-02T11:00:00Z", "M-1001", "50.50", "RUB", "captured"),
            ("c", "2026-03-02T12:00:00Z", "M-1002", "10.00", "RUB", "failed"),
            ("d", "2026-03-02T12:30:00Z", "M-1002", "20.00", "RUB", "captured"),
        ])
        self.assertEqual(main([str(src), str(d / "out")]), 0)
        rows = read_csv(d / "out" / "report_merchants.csv")
        self.assertEqual([(r["merchant_id"], r["revenue"], r["count"]) for r in rows],
                         [("M-1001", "150.50", "2"), ("M-1002", "20.00", "1")])
        self.assertEqual(rows[0]["name"], "Кофейня на Садовой")

    def test_bad_input_is_one_line(self):
        d = tmpdir(self)
        src = write_input(d, [("a", "2026-03-02T10:00:00Z", "M-1001", "1.001", "RUB", "captured")])
        self.assertEqual(main([str(src), str(d / "out")]), 1)


if __name__ == "__main__":
    unittest.main()
