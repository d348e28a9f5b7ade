"""A LangChain agent that answers stock price questions from default.daily_ticker_data
and runs write-ticker-data-to-iceberg as a tool when a day is missing."""
import sys
from datetime import datetime, timezone

import polars as pl
from langchain_core.messages import HumanMessage, SystemMessage, ToolMessage
from langchain_core.tools import tool
from langchain_openai import ChatOpenAI

import tower
from policy import allowed_tickers, cached_answer, refuse_fetch, yesterday

WRITER_APP = "write-ticker-data-to-iceberg"
MAX_STEPS = 8

TODAY = datetime.now(timezone.utc).date()
ALLOWED = allowed_tickers(tower.parameter("TICKERS"))
YESTERDAY = yesterday(tower.parameter("PULL_DATE"), TODAY)

SYSTEM_PROMPT = (
    f"You answer questions about daily stock prices. Yesterday was {YESTERDAY}. "
    "Always call get_cached_prices first. Only if it returns 'not cached', call fetch_prices "
    "and then get_cached_prices again. If the prices are still not cached after a fetch, the "
    "market was probably closed that day; say so. Answer briefly and quote the numbers you used."
)


@tool
def get_cached_prices(ticker: str, day: str) -> str:
    """Return open, close and volume of a ticker on a day (YYYY-MM-DD) from the cache,
    or 'not cached' if the cache has no row for it."""
    rows = (
        tower.tables("daily_ticker_data").load().to_polars()
        .filter((pl.col("ticker") == ticker.upper()) & (pl.col("date") == day))
        .collect()
        .to_dicts()
    )
    return cached_answer(rows)


@tool
def fetch_prices(ticker: str, day: str) -> str:
    """Download the prices of a ticker on a day (YYYY-MM-DD) into the cache by running
    the write-ticker-data-to-iceberg app, and wait until it has finished."""
    ticker = ticker.upper()
    refusal = refuse_fetch(ticker, day, ALLOWED, TODAY)
    if refusal:
        return refusal
    run = tower.run_app(WRITER_APP, parameters={"TICKERS": ticker, "PULL_DATE": day})
    print(f"Started {run.app_name}#{run.number} for {ticker} on {day}")
    finished = tower.wait_for_run(run, timeout=900)
    return f"{WRITER_APP} run finished with status {finished.status}"


def chat_model():
    base_url = tower.parameter("INFERENCE_SERVER_BASE_URL")
    api_key = tower.secret("OPENAI_API_KEY")
    if not base_url and not api_key:
        sys.exit("Create the OPENAI_API_KEY secret, or set INFERENCE_SERVER_BASE_URL to a model server")
    # Local servers such as llama-server ignore the key, but the client needs one.
    return ChatOpenAI(
        model=tower.parameter("MODEL_NAME"),
        base_url=base_url or None,
        api_key=api_key or "not-needed",
        temperature=0,
    )


def main():
    question = tower.parameter("USER_INPUT")
    print(f"Question: {question}")

    tools = {t.name: t for t in (get_cached_prices, fetch_prices)}
    model = chat_model().bind_tools(list(tools.values()))
    messages = [SystemMessage(SYSTEM_PROMPT), HumanMessage(question)]

    for _ in range(MAX_STEPS):
        reply = model.invoke(messages)
        messages.append(reply)
        if not reply.tool_calls:
            print(f"Answer: {reply.content}")
            return
        for call in reply.tool_calls:
            print(f"Tool call: {call['name']}({call['args']})")
            result = tools[call["name"]].invoke(call["args"])
            messages.append(ToolMessage(content=result, tool_call_id=call["id"]))

    sys.exit(f"No answer after {MAX_STEPS} model calls")


if __name__ == "__main__":
    main()
