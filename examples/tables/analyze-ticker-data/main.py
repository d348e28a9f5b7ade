"""Computes indicators from default.daily_ticker_data and asks a language model for a view."""
from datetime import date, datetime, timedelta, timezone

import polars as pl

import tower
from indicators import first_day_to_read, indicators

INSTRUCTIONS = (
    "You are a cautious equity analyst. Given these indicators for one stock, "
    "reply with BUY, SELL or HOLD and one sentence of reasoning."
)


def load_rows(day):
    # to_polars() is lazy: the date filter is applied while the table is scanned.
    frame = (
        tower.tables("daily_ticker_data").load().to_polars()
        .filter(pl.col("date").is_between(pl.lit(first_day_to_read(day).isoformat()), pl.lit(day.isoformat())))
        .select("ticker", "date", "close")
        .collect()
    )
    return frame.rows()


def main():
    raw_day = tower.parameter("ANALYZE_DATE")
    day = date.fromisoformat(raw_day) if raw_day else datetime.now(timezone.utc).date() - timedelta(days=1)
    results = indicators(load_rows(day), day)
    if not results:
        print(f"No rows for {day} in daily_ticker_data; run the writer for that day first")
        return

    llm = tower.llms(tower.parameter("MODEL_NAME"), max_tokens=int(tower.parameter("MAX_TOKENS")))
    print(f"Asking {llm.model_name} about {len(results)} tickers on {day}")
    for ticker, facts in results.items():
        if "missing" in facts:
            print(f"{ticker}: not analysed, {facts['missing']}")
            continue
        listed = ", ".join(f"{name}={value}" for name, value in facts.items())
        answer = llm.prompt(f"{INSTRUCTIONS}\n{ticker}: {listed}")
        # DeepSeek R1 writes its reasoning between <think> tags; keep only the answer.
        print(f"{ticker}: {answer.split('</think>')[-1].strip()}")


if __name__ == "__main__":
    main()
