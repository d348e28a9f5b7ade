"""What the parent app decides before and after its child runs, without Tower,
so python3 can test it (test_plan.py)."""
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


def pull_date(raw, today):
    """The day every child fetches: PULL_DATE, or the day before `today` when it is empty."""
    day = date.fromisoformat(raw) if raw else today - timedelta(days=1)
    return day.isoformat()


def outcome(started, failed):
    """The parent's last line and whether it should fail, from the number of child runs."""
    if failed:
        return f"{failed} of {started} writer runs failed", False
    return f"All {started} writer runs succeeded", True
