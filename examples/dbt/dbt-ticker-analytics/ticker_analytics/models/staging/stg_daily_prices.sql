-- One row per ticker and trading day from the seed, with the date as a DATE and the day's
-- change, from first_trade_date on.
select
    ticker,
    cast("date" as date) as trade_date,
    "open" as open_price,
    "close" as close_price,
    volume,
    "close" - "open" as day_change
from {{ ref('daily_prices') }}
where cast("date" as date) >= cast('{{ var("first_trade_date") }}' as date)
