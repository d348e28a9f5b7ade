"""Fetches daily prices from Yahoo Finance and upserts them into default.daily_ticker_data."""
from datetime import datetime, timedelta, timezone

import pyarrow as pa
import yfinance as yf

import tower
from prices import date_range, parse_tickers, to_rows

TABLE_NAME = "daily_ticker_data"

# The one schema of default.daily_ticker_data. Every app that writes the table
# casts its rows to it and upserts on (ticker, date).
SCHEMA = pa.schema([
    pa.field("ticker", pa.string(), nullable=False),
    pa.field("date", pa.string(), nullable=False),  # ISO YYYY-MM-DD
    pa.field("open", pa.float64()),
    pa.field("close", pa.float64()),
    pa.field("volume", pa.int64()),
])


def download(ticker, start, end):
    # yfinance treats `end` as exclusive, so ask for one day more.
    history = yf.Ticker(ticker).history(
        start=start.isoformat(),
        end=(end + timedelta(days=1)).isoformat(),
        interval="1d",
    )
    quotes = (
        (day.date(), row["Open"], row["Close"], row["Volume"])
        for day, row in history.iterrows()
    )
    return to_rows(ticker, quotes)


def main():
    tickers = parse_tickers(tower.parameter("TICKERS"))
    today = datetime.now(timezone.utc).date()
    start, end = date_range(tower.parameter("PULL_DATE"), tower.parameter("END_DATE"), today)

    rows = [row for ticker in tickers for row in download(ticker, start, end)]
    print(f"Fetched {len(rows)} rows for {', '.join(tickers)} from {start} to {end}")
    if not rows:
        print("No trading data for these days, nothing to write")
        return

    prices = pa.Table.from_pylist(rows, schema=SCHEMA)
    table = tower.tables(TABLE_NAME).create_if_not_exists(SCHEMA)
    table.upsert(prices, join_cols=["ticker", "date"])
    counts = table.rows_affected()
    print(f"{TABLE_NAME}: {counts.inserts} inserted, {counts.updates} updated")


if __name__ == "__main__":
    main()
