"""Runs with the standard library only: python3 -m unittest (from this folder)."""
import json
import unittest
from datetime import date
from pathlib import Path

from policy import NOT_CACHED, allowed_tickers, cached_answer, refuse_fetch, yesterday

FIXTURES = Path(__file__).parent / "fixtures"


class Policy(unittest.TestCase):
    allowed = allowed_tickers("msft, NVDA,,")
    today = date(2025, 6, 3)

    def test_allowed_tickers(self):
        self.assertEqual(self.allowed, {"MSFT", "NVDA"})

    def test_yesterday(self):
        self.assertEqual(yesterday("", date(2025, 6, 3)), "2025-06-02")
        self.assertEqual(yesterday("2025-05-30", date(2025, 6, 3)), "2025-05-30")

    def test_fetches_of_allowed_tickers_on_past_days_run(self):
        self.assertIsNone(refuse_fetch("NVDA", "2025-05-30", self.allowed, self.today))

    def test_the_model_cannot_fetch_other_tickers_bad_dates_or_the_future(self):
        self.assertRegex(refuse_fetch("TSLA", "2025-05-30", self.allowed, self.today), "^Not allowed to fetch TSLA; allowed: MSFT, NVDA$")
        self.assertRegex(refuse_fetch("NVDA", "30/05/2025", self.allowed, self.today), "not a date")
        self.assertRegex(refuse_fetch("NVDA", "2025-06-03", self.allowed, self.today), "no closing prices yet")

    def test_cache_answers(self):
        rows = json.loads((FIXTURES / "cached_rows.json").read_text())
        self.assertEqual(json.loads(cached_answer(rows)), rows[0])
        self.assertEqual(cached_answer([]), NOT_CACHED)


if __name__ == "__main__":
    unittest.main()
