import unittest

from etl.money import AmountError, format_amount, parse_amount


class MoneyTest(unittest.TestCase):
    def test_parse(self):
        self.assertEqual(parse_amount("1234.50"), 123450)
        self.assertEqual(parse_amount("0.07"), 7)
        self.assertEqual(parse_amount("15"), 1500)

    def test_parse_rejects(self):
        for bad in ["", "abc", "1.005"]:
            with self.assertRaises(AmountError):
                parse_amount(bad)

    def test_format(self):
        self.assertEqual(format_amount(123450), "1234.50")
        self.assertEqual(format_amount(7), "0.07")
        self.assertEqual(format_amount(-250), "-2.50")


if __name__ == "__main__":
    unittest.main()
