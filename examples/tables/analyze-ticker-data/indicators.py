"""Moving averages, volatility and a trend flag per ticker, from plain rows.

The app reads the rows from Iceberg; the arithmetic needs only the standard
library, so test_indicators.py runs it on fixtures/prices.csv with python3.
"""
import statistics
from datetime import timedelta

SHORT_WINDOW = 7
LONG_WINDOW = 30
# Calendar days read before the analysed day. 30 daily returns need 31 trading
# days; 70 calendar days hold at least 45 of them, weekends and holidays included.
LOOKBACK_DAYS = 70


def first_day_to_read(day):
    return day - timedelta(days=LOOKBACK_DAYS)


def indicators(rows, day):
    """Indicators on `day` for every ticker that has a row that day.

    rows: (ticker, iso_date, close) tuples in any order. The result maps each
    ticker to its close, ma_7, ma_30, volatility_30 (standard deviation of the
    last 30 daily returns) and trend, or to {"missing": reason} when there are
    fewer than 31 trading days up to `day`.
    """
    last_day = day.isoformat()
    series = {}
    for ticker, iso_date, close in rows:
        if iso_date <= last_day and close is not None:
            series.setdefault(ticker, []).append((iso_date, close))

    results = {}
    for ticker in sorted(series):
        days = sorted(series[ticker])
        if days[-1][0] != last_day:
            continue
        closes = [close for _, close in days]
        if len(closes) < LONG_WINDOW + 1:
            results[ticker] = {
                "missing": f"{len(closes)} trading days up to {last_day}, {LONG_WINDOW + 1} needed"
            }
            continue
        window = closes[-(LONG_WINDOW + 1):]
        returns = [today / before - 1 for before, today in zip(window, window[1:])]
        ma_7 = statistics.fmean(closes[-SHORT_WINDOW:])
        ma_30 = statistics.fmean(closes[-LONG_WINDOW:])
        results[ticker] = {
            "close": closes[-1],
            "ma_7": round(ma_7, 2),
            "ma_30": round(ma_30, 2),
            "volatility_30": round(statistics.stdev(returns), 4),
            "trend": "up" if ma_7 > ma_30 else "down",
        }
    return results
