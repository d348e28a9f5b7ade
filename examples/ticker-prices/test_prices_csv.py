"""Checks that prices.csv fits the table default.daily_ticker_data before Tower loads it.
Standard library only: python3 -m unittest (from this folder). task.py itself needs PyArrow,
Polars and a catalog, so it is tried with tower run --local instead.
"""
import csv
import datetime as dt
import tomllib
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
# The table's columns in order; ticker and date may not be empty (the schema in task.py).
COLUMNS = ["ticker", "date", "open", "close", "volume"]


def read_rows():
    with open(HERE / "prices.csv", newline="") as f:
        reader = csv.DictReader(f)
        return reader.fieldnames, list(reader)


class PricesFile(unittest.TestCase):
    def test_has_the_columns_of_the_table_in_order(self):
        header, rows = read_rows()
        self.assertEqual(header, COLUMNS)
        self.assertGreater(len(rows), 0)

    def test_every_value_fits_its_column(self):
        _, rows = read_rows()
        for row in rows:
            self.assertTrue(row["ticker"], row)
            self.assertEqual(dt.date.fromisoformat(row["date"]).isoformat(), row["date"], "dates are YYYY-MM-DD")
            float(row["open"])
            float(row["close"])
            self.assertEqual(str(int(row["volume"])), row["volume"], "volume is a whole number")

    def test_holds_one_row_per_ticker_and_day_the_upsert_key(self):
        _, rows = read_rows()
        keys = [(row["ticker"], row["date"]) for row in rows]
        self.assertEqual(len(keys), len(set(keys)))

    def test_the_default_window_keeps_every_sample_row(self):
        towerfile = tomllib.loads((HERE / "Towerfile").read_text())
        keep_days = int(next(p["default"] for p in towerfile["parameters"] if p["name"] == "KEEP_DAYS"))
        _, rows = read_rows()
        dates = [dt.date.fromisoformat(row["date"]) for row in rows]
        self.assertLessEqual((max(dates) - min(dates)).days, keep_days)


if __name__ == "__main__":
    unittest.main()
