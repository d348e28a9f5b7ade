"""Turns the run's parameters and downloaded quotes into rows of daily_ticker_data.

Nothing in this module talks to Yahoo Finance or to Tower, so its rules can be
tested with plain python3: see test_prices.py.
"""
import math
from datetime import date, timedelta


def parse_tickers(raw):
    """Upper-cased ticker symbols from a comma-separated list, in order, without repeats."""
    tickers = []
    for part in raw.split(","):
        ticker = part.strip().upper()
        if ticker and ticker not in tickers:
            tickers.append(ticker)
    if not tickers:
        raise ValueError(f"TICKERS must name at least one ticker, got {raw!r}")
    return tickers


def date_range(pull_date, end_date, today):
    """First and last day to fetch.

    An empty pull_date means the day before `today`; an empty end_date means
    the same day as pull_date.
    """
    start = date.fromisoformat(pull_date) if pull_date else today - timedelta(days=1)
    end = date.fromisoformat(end_date) if end_date else start
    if end < start:
        raise ValueError(f"END_DATE {end} is before PULL_DATE {start}")
    return start, end


def to_rows(ticker, quotes):
    """Table rows from (day, open, close, volume) quotes of one ticker.

    A quote with a missing value (NaN from the data source) is skipped, so the
    table only ever holds complete days.
    """
    rows = []
    for day, open_price, close_price, volume in quotes:
        if any(math.isnan(value) for value in (open_price, close_price, volume)):
            continue
        rows.append({
            "ticker": ticker,
            "date": day.isoformat(),
            "open": float(open_price),
            "close": float(close_price),
            "volume": int(volume),
        })
    return rows
