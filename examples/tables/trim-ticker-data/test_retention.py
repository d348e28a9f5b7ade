"""Runs with the standard library only: python3 -m unittest (from this folder)."""
import unittest
from datetime import date

from retention import MIN_KEEP_DAYS, first_kept_day


class FirstKeptDay(unittest.TestCase):
    def test_counts_calendar_days_back_from_today(self):
        self.assertEqual(first_kept_day(date(2025, 6, 14), 90), date(2025, 3, 16))

    def test_the_shortest_window_is_accepted(self):
        self.assertEqual(first_kept_day(date(2025, 6, 14), MIN_KEEP_DAYS), date(2025, 4, 4))

    def test_a_window_too_short_for_the_analyser_is_refused(self):
        with self.assertRaisesRegex(ValueError, "TIME_WINDOW_DAYS=31 is too short"):
            first_kept_day(date(2025, 6, 14), 31)


if __name__ == "__main__":
    unittest.main()
