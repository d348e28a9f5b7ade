"""Runs with the standard library only: python3 -m unittest (from this folder)."""
import unittest
from datetime import date, timedelta

from plan import outcome, parse_tickers, pull_date


class Plan(unittest.TestCase):
    def test_one_child_per_distinct_ticker(self):
        self.assertEqual(parse_tickers("msft, aapl,MSFT,,nvda"), ["MSFT", "AAPL", "NVDA"])
        with self.assertRaises(ValueError):
            parse_tickers("")

    def test_empty_pull_date_means_yesterday(self):
        self.assertEqual(pull_date("", date(2025, 6, 3)), "2025-06-02")
        self.assertEqual(pull_date("2025-05-30", date(2025, 6, 3)), "2025-05-30")

    def test_schedule_tuesday_to_saturday_loads_monday_to_friday(self):
        # The page schedules the parent at 09:00 UTC on days 2-6 of cron (Tuesday to Saturday).
        tuesday_to_saturday = [date(2025, 6, 3) + timedelta(days=n) for n in range(5)]
        loaded = [date.fromisoformat(pull_date("", day)).strftime("%A") for day in tuesday_to_saturday]
        self.assertEqual(loaded, ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])

    def test_any_failed_child_fails_the_parent(self):
        self.assertEqual(outcome(4, 0), ("All 4 writer runs succeeded", True))
        self.assertEqual(outcome(4, 1), ("1 of 4 writer runs failed", False))


if __name__ == "__main__":
    unittest.main()
