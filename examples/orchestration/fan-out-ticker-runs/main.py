"""Starts one writer run per ticker in parallel, waits for all of them, and trims the table afterwards."""
import sys
from datetime import datetime, timezone

import tower
from tower.exceptions import RunFailedError

from plan import outcome, parse_tickers, pull_date

WRITER_APP = "write-ticker-data-to-iceberg"
TRIM_APP = "trim-ticker-table"


def main():
    tickers = parse_tickers(tower.parameter("TICKERS"))
    day = pull_date(tower.parameter("PULL_DATE"), datetime.now(timezone.utc).date())

    # run_app returns as soon as the run is created, so the children run side by side.
    children = []
    for ticker in tickers:
        run = tower.run_app(WRITER_APP, parameters={"TICKERS": ticker, "PULL_DATE": day})
        print(f"Started {run.app_name}#{run.number} for {ticker}")
        children.append(run)

    # wait_for_runs empties the list it is given: hand it a copy.
    successful, failed = tower.wait_for_runs(list(children), timeout=3600)
    for run in successful + failed:
        print(f"{run.app_name}#{run.number}: {run.status}")
    message, ok = outcome(len(children), len(failed))
    if not ok:
        sys.exit(f"{message} for {day}")
    print(f"{message} for {day}")

    keep_days = tower.parameter("TRIM_WINDOW_DAYS")
    if keep_days:
        trim = tower.run_app(TRIM_APP, parameters={"TIME_WINDOW_DAYS": keep_days})
        print(f"Started {trim.app_name}#{trim.number}")
        try:
            finished = tower.wait_for_run(trim, timeout=600, raise_on_failure=True)
        except RunFailedError as error:
            sys.exit(f"Trim failed: {error}")
        print(f"{finished.app_name}#{finished.number}: {finished.status}")


if __name__ == "__main__":
    main()
