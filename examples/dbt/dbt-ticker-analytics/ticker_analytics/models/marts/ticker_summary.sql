-- One row per ticker: how many trading days it has, the first and last of them, the average
-- close, the total volume and on how many days it closed above its open.
select
    ticker,
    count(*) as trading_days,
    min(trade_date) as first_day,
    max(trade_date) as last_day,
    round(avg(close_price), 2) as avg_close,
    sum(volume) as total_volume,
    count(*) filter (where day_change > 0) as up_days
from {{ ref('stg_daily_prices') }}
group by ticker
order by ticker
