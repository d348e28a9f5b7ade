import sys

import tower
from tower.exceptions import RunFailedError, TimeoutException

regions = [r.strip() for r in tower.parameter("REGIONS", "emea,amer,apac").split(",") if r.strip()]

# Fan out: one child run per region, all started before waiting on any.
children = [tower.run_app("load-region", parameters={"REGION": region}) for region in regions]
for run in children:
    print(f"started {run.app_name}#{run.number}")

try:
    succeeded, failed = tower.wait_for_runs(list(children), timeout=2 * 60 * 60)
except TimeoutException:
    print("regions did not finish within two hours", file=sys.stderr)
    sys.exit(1)

if failed:
    for run in failed:
        print(f"{run.app_name}#{run.number} ended {run.status}", file=sys.stderr)
    sys.exit(1)

# Continue only when every region loaded.
report = tower.run_app("build-report", parameters={"REGIONS": ",".join(regions)})
try:
    tower.wait_for_run(report, raise_on_failure=True)
except RunFailedError as err:
    print(f"report failed: {err}", file=sys.stderr)
    sys.exit(1)

print(f"all {len(succeeded)} regions loaded, report {report.app_name}#{report.number} built")
