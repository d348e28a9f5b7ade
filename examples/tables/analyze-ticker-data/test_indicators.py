"""Runs with the standard library only: python3 -m unittest (from this folder)."""
import csv
import statistics
import unittest
from datetime import date
from pathlib import Path

from indicators import LONG_WINDOW, first_day_to_read, indicators

PRICES = Path(__file__).parent / "fixtures" / "prices.csv"


def read_prices():
    """(ticker, date, close) rows of the fixture, which holds made-up prices for MSFT and NVDA."""
    with open(PRICES, newline="") as handle:
        return [(row["ticker"], row["date"], float(row["close"])) for row in csv.DictReader(handle)]


class Indicators(unittest.TestCase):
    def test_every_ticker_gets_full_indicators_after_enough_trading_days(self):
        result = indicators(read_prices(), date(2025, 6, 13))
        self.assertEqual(sorted(result), ["MSFT", "NVDA"])
        msft = result["MSFT"]
        closes = [close for ticker, _, close in read_prices() if ticker == "MSFT"]
        self.assertEqual(msft["close"], closes[-1])
        self.assertEqual(msft["ma_7"], round(statistics.fmean(closes[-7:]), 2))
        self.assertEqual(msft["ma_30"], round(statistics.fmean(closes[-30:]), 2))
        self.assertGreater(msft["volatility_30"], 0)
        self.assertIn(msft["trend"], ("up", "down"))

    def test_rows_after_the_analysed_day_are_ignored(self):
        early = indicators(read_prices(), date(2025, 5, 30))
        late_rows_removed = [row for row in read_prices() if row[1] <= "2025-05-30"]
        self.assertEqual(early, indicators(late_rows_removed, date(2025, 5, 30)))

    def test_a_short_history_is_reported_instead_of_guessed(self):
        # 2025-04-11 is the 30th trading day of the fixture: one short of 31.
        result = indicators(read_prices(), date(2025, 4, 11))
        self.assertEqual(result["MSFT"], {"missing": f"30 trading days up to 2025-04-11, {LONG_WINDOW + 1} needed"})

    def test_a_day_without_rows_gives_nothing(self):
        self.assertEqual(indicators(read_prices(), date(2025, 6, 14)), {})

    def test_the_lookback_holds_31_trading_days_for_every_day_of_the_fixture(self):
        rows = read_prices()
        days = sorted({row[1] for row in rows})
        for iso_day in days[45:]:
            day = date.fromisoformat(iso_day)
            window = [row for row in rows if first_day_to_read(day).isoformat() <= row[1] <= iso_day]
            self.assertNotIn("missing", indicators(window, day)["NVDA"], iso_day)


if __name__ == "__main__":
    unittest.main()
