"""The agent's guard rails and formatting, kept apart from LangChain and Tower
so python3 can test them (test_policy.py)."""
import json
from datetime import date, timedelta

NOT_CACHED = "not cached"


def allowed_tickers(raw):
    """The set of upper-cased tickers from a comma-separated list."""
    return {part.strip().upper() for part in raw.split(",") if part.strip()}


def yesterday(raw, today):
    """PULL_DATE, or the day before `today` when it is empty, as YYYY-MM-DD."""
    return (date.fromisoformat(raw) if raw else today - timedelta(days=1)).isoformat()


def refuse_fetch(ticker, day, allowed, today):
    """Why a fetch must not run, or None when it may.

    The model chooses the arguments, so they are checked here rather than
    trusted: only allowed tickers, only real dates, only days before `today`.
    """
    if ticker not in allowed:
        return f"Not allowed to fetch {ticker}; allowed: {', '.join(sorted(allowed))}"
    try:
        requested = date.fromisoformat(day)
    except ValueError:
        return f"{day!r} is not a date in the form YYYY-MM-DD"
    if requested >= today:
        return f"{day} has no closing prices yet"
    return None


def cached_answer(rows):
    """What the cache tool tells the model: the first row as JSON, or 'not cached'."""
    return json.dumps(rows[0], sort_keys=True) if rows else NOT_CACHED
