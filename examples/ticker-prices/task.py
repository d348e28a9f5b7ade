import datetime as dt

import polars as pl
import pyarrow as pa
import pyarrow.csv as pv
import tower

TABLE_NAME = "daily_ticker_data"

SCHEMA = pa.schema([
    pa.field("ticker", pa.string(), nullable=False),
    pa.field("date", pa.string(), nullable=False),
    pa.field("open", pa.float64()),
    pa.field("close", pa.float64()),
    pa.field("volume", pa.int64()),
])


def load_prices(path: str) -> pa.Table:
    options = pv.ConvertOptions(column_types=SCHEMA)
    rows = pv.read_csv(path, convert_options=options)
    return rows.select(SCHEMA.names).cast(SCHEMA)


def main() -> None:
    keep_days = int(tower.parameter("KEEP_DAYS", "365"))

    table = tower.tables(TABLE_NAME).create_if_not_exists(SCHEMA)

    prices = load_prices("prices.csv")
    table.upsert(prices, join_cols=["ticker", "date"])
    counts = table.rows_affected()
    print(f"Upserted {prices.num_rows} rows: {counts.inserts} inserted, {counts.updates} updated")

    newest = table.to_polars().select(pl.col("date").max()).collect().item()
    cutoff = (dt.date.fromisoformat(newest) - dt.timedelta(days=keep_days)).isoformat()
    table.delete(f"date < '{cutoff}'")
    print(f"Removed rows older than {cutoff}")

    summary = (
        table.to_polars()
        .group_by("ticker")
        .agg(
            pl.len().alias("days"),
            pl.col("date").max().alias("latest"),
            pl.col("close").mean().round(2).alias("avg_close"),
        )
        .sort("ticker")
        .collect()
    )
    print(summary)


if __name__ == "__main__":
    main()
