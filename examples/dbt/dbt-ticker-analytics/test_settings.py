"""Tests of settings.py and of the seed, with the standard library only: python3 -m unittest
(from this folder). dbt itself runs in the app; these tests need neither dbt nor Tower.
"""
import csv
import datetime as dt
import tomllib
import unittest
from pathlib import Path

from settings import DbtOptions, parse_options

HERE = Path(__file__).resolve().parent
DEFAULTS = {p["name"]: p["default"] for p in tomllib.loads((HERE / "Towerfile").read_text())["parameters"]}


def options(**changes):
    """parse_options with the Towerfile's defaults, except the parameters given."""
    given = {**DEFAULTS, **changes}
    return parse_options(
        commands=given["DBT_COMMANDS"],
        select=given["DBT_SELECT"],
        target=given["DBT_TARGET"],
        threads=given["DBT_THREADS"],
        vars_json=given["DBT_VARS_JSON"],
        full_refresh=given["DBT_FULL_REFRESH"],
    )


class Defaults(unittest.TestCase):
    def test_the_towerfile_defaults_build_everything_and_show_the_summary(self):
        self.assertEqual(options(), DbtOptions(
            commands="build, show --select ticker_summary",
            selector=None,
            target=None,
            threads=None,
            vars=None,
            full_refresh=False,
        ))


class Parameters(unittest.TestCase):
    def test_blank_text_means_not_set(self):
        parsed = options(DBT_SELECT="  ", DBT_TARGET=" ", DBT_THREADS=" ", DBT_VARS_JSON=" ")
        self.assertEqual((parsed.selector, parsed.target, parsed.threads, parsed.vars), (None, None, None, None))

    def test_values_are_trimmed_and_converted(self):
        parsed = options(
            DBT_SELECT=" +ticker_summary ",
            DBT_TARGET="local",
            DBT_THREADS="4",
            DBT_VARS_JSON='{"first_trade_date": "2025-06-04"}',
            DBT_FULL_REFRESH=" TRUE ",
        )
        self.assertEqual(parsed.selector, "+ticker_summary")
        self.assertEqual(parsed.target, "local")
        self.assertEqual(parsed.threads, 4)
        self.assertEqual(parsed.vars, {"first_trade_date": "2025-06-04"})
        self.assertTrue(parsed.full_refresh)

    def test_wrong_values_name_their_parameter(self):
        for name, value in [
            ("DBT_COMMANDS", " "),
            ("DBT_THREADS", "0"),
            ("DBT_THREADS", "four"),
            ("DBT_THREADS", "-2"),
            ("DBT_VARS_JSON", "{first_trade_date: 2025-06-04}"),
            ("DBT_VARS_JSON", '["2025-06-04"]'),
            ("DBT_FULL_REFRESH", "yes"),
        ]:
            with self.subTest(name=name, value=value), self.assertRaisesRegex(ValueError, name):
                options(**{name: value})


class Seed(unittest.TestCase):
    """The seed has the columns of the docs' ticker table and one row per ticker and day."""

    def setUp(self):
        with open(HERE / "ticker_analytics" / "seeds" / "daily_prices.csv", newline="") as f:
            reader = csv.DictReader(f)
            self.header = reader.fieldnames
            self.rows = list(reader)

    def test_columns_match_the_ticker_table(self):
        self.assertEqual(self.header, ["ticker", "date", "open", "close", "volume"])

    def test_values_fit_their_columns(self):
        for row in self.rows:
            self.assertTrue(row["ticker"])
            self.assertEqual(dt.date.fromisoformat(row["date"]).isoformat(), row["date"])
            float(row["open"])
            float(row["close"])
            self.assertEqual(str(int(row["volume"])), row["volume"])

    def test_one_row_per_ticker_and_day(self):
        keys = [(row["ticker"], row["date"]) for row in self.rows]
        self.assertEqual(len(keys), len(set(keys)))


if __name__ == "__main__":
    unittest.main()
