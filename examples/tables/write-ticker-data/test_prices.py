"""Runs with the standard library only: python3 -m unittest (from this folder)."""
import csv
import unittest
from datetime import date
from pathlib import Path

from prices import date_range, parse_tickers, to_rows

FIXTURES = Path(__file__).parent / "fixtures"


def read_quotes(name):
    with open(FIXTURES / name, newline="") as handle:
        for row in csv.DictReader(handle):
            yield date.fromisoformat(row["day"]), float(row["open"]), float(row["close"]), float(row["volume"])


class ParseTickers(unittest.TestCase):
    def test_cleans_and_deduplicates(self):
        self.assertEqual(parse_tickers(" msft,NVDA,, msft "), ["MSFT", "NVDA"])

    def test_refuses_an_empty_list(self):
        with self.assertRaises(ValueError):
            parse_tickers(" , ")


class DateRange(unittest.TestCase):
    today = date(2025, 6, 3)

    def test_empty_dates_mean_yesterday(self):
        self.assertEqual(date_range("", "", self.today), (date(2025, 6, 2), date(2025, 6, 2)))

    def test_end_defaults_to_the_pull_date(self):
        self.assertEqual(date_range("2025-05-01", "", self.today), (date(2025, 5, 1), date(2025, 5, 1)))

    def test_backfill_range(self):
        self.assertEqual(date_range("2025-05-01", "2025-05-30", self.today), (date(2025, 5, 1), date(2025, 5, 30)))

    def test_end_before_start_is_an_error(self):
        with self.assertRaises(ValueError):
            date_range("2025-05-30", "2025-05-01", self.today)


class ToRows(unittest.TestCase):
    def test_rows_match_the_table_schema_and_skip_incomplete_days(self):
        rows = to_rows("MSFT", read_quotes("quotes.csv"))
        self.assertEqual([row["date"] for row in rows], ["2025-05-29", "2025-06-02"])
        self.assertEqual(rows[0], {"ticker": "MSFT", "date": "2025-05-29", "open": 431.66, "close": 431.19, "volume": 18844100})
        self.assertIsInstance(rows[0]["volume"], int)


if __name__ == "__main__":
    unittest.main()
