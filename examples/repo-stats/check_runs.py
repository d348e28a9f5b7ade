import sys

import tower
from tower.exceptions import TimeoutException

CASES = ["tower/tower-cli", "tower/tower-examples"]

runs = [
    tower.run_app("repo-stats", environment="staging", parameters={"REPO": repo})
    for repo in CASES
]
for run in runs:
    print(f"started {run.app_name}#{run.number}")

try:
    ok, failed = tower.wait_for_runs(list(runs), timeout=900)
except TimeoutException:
    print("runs did not finish within 15 minutes")
    sys.exit(1)

for run in failed:
    print(f"{run.app_name}#{run.number} ended {run.status}; read its logs with: tower apps logs {run.app_name}#{run.number}")
print(f"{len(ok)} passed, {len(failed)} failed")
sys.exit(1 if failed else 0)
