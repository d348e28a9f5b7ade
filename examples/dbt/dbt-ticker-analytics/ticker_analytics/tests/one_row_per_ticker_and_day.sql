-- Returns the tickers that have more than one row for a day. Every writer of the ticker data
-- upserts on (ticker, date), so any row returned here fails the test.
select
    ticker,
    trade_date,
    count(*) as rows_for_the_day
from {{ ref('stg_daily_prices') }}
group by ticker, trade_date
having count(*) > 1
