"""The three ticker apps agree with each other. Runs with the standard library only:
python3 -m unittest (from this folder).

Each app is its own folder with its own modules, so this test puts the two
folders it needs on sys.path itself.
"""
import csv
import sys
import tomllib
import unittest
from datetime import date, timedelta
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(PROJECT / "analyze-ticker-data"), str(PROJECT / "trim-ticker-data")]

from indicators import LOOKBACK_DAYS, first_day_to_read, indicators  # noqa: E402
from retention import MIN_KEEP_DAYS, first_kept_day  # noqa: E402


def towerfile_default(app_folder, parameter):
    with open(PROJECT / app_folder / "Towerfile", "rb") as handle:
        towerfile = tomllib.load(handle)
    return next(p["default"] for p in towerfile["parameters"] if p["name"] == parameter)


def fixture_rows():
    with open(PROJECT / "analyze-ticker-data" / "fixtures" / "prices.csv", newline="") as handle:
        return [(row["ticker"], row["date"], float(row["close"])) for row in csv.DictReader(handle)]


class TrimKeepsWhatTheAnalyserReads(unittest.TestCase):
    def test_the_shortest_allowed_window_covers_the_analysers_lookback_from_yesterday(self):
        today = date(2025, 6, 14)
        yesterday = today - timedelta(days=1)
        self.assertLessEqual(first_kept_day(today, MIN_KEEP_DAYS), first_day_to_read(yesterday))
        self.assertEqual(MIN_KEEP_DAYS, LOOKBACK_DAYS + 1)

    def test_after_a_trim_with_the_default_window_yesterday_still_gets_30_day_indicators(self):
        keep_days = int(towerfile_default("trim-ticker-data", "TIME_WINDOW_DAYS"))
        today = date(2025, 6, 14)
        cutoff = first_kept_day(today, keep_days).isoformat()
        kept = [row for row in fixture_rows() if row[1] >= cutoff]
        self.assertLess(len(kept), len(fixture_rows()), "the fixture reaches past the window, so the trim deletes rows")

        result = indicators(kept, today - timedelta(days=1))
        self.assertEqual(sorted(result), ["MSFT", "NVDA"])
        for ticker, facts in result.items():
            self.assertNotIn("missing", facts, ticker)


if __name__ == "__main__":
    unittest.main()
