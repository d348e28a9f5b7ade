"""Deletes the rows of default.daily_ticker_data that have fallen out of the retention window."""
from datetime import datetime, timezone

import polars as pl

import tower
from retention import first_kept_day


def main():
    keep_days = int(tower.parameter("TIME_WINDOW_DAYS"))
    cutoff = first_kept_day(datetime.now(timezone.utc).date(), keep_days).isoformat()

    # load() rather than create_if_not_exists(): trimming a table that does not
    # exist is a mistake worth failing on.
    table = tower.tables("daily_ticker_data").load()
    # The SDK does not count deleted rows, so count them before deleting.
    expired = table.to_polars().filter(pl.col("date") < cutoff).select(pl.len()).collect().item()
    if expired == 0:
        print(f"No rows dated before {cutoff}, nothing to delete")
        return
    table.delete(f"date < '{cutoff}'")
    print(f"Deleted {expired} rows dated before {cutoff}")


if __name__ == "__main__":
    main()
