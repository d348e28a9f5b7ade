"""The retention rule for daily_ticker_data, kept apart from Tower so python3 can test it."""
from datetime import timedelta

# The analyser reads 70 calendar days before the day it analyses, which is
# yesterday by default. Keeping fewer than 71 days would leave it without the
# 31 trading days its 30-day indicators need.
MIN_KEEP_DAYS = 71


def first_kept_day(today, keep_days):
    """Rows dated before the returned day are deleted."""
    if keep_days < MIN_KEEP_DAYS:
        raise ValueError(
            f"TIME_WINDOW_DAYS={keep_days} is too short: keep at least {MIN_KEEP_DAYS} days "
            "so that analyze-ticker-data-in-iceberg still has 30 trading days of history"
        )
    return today - timedelta(days=keep_days)
