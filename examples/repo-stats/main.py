import sys

import httpx
import tower

from stats import summarise

repo = tower.parameter("REPO", "tower/tower-cli")
token = tower.secret("GITHUB_TOKEN")

headers = {"Accept": "application/vnd.github+json"}
if token:
    headers["Authorization"] = f"Bearer {token}"

response = httpx.get(f"https://api.github.com/repos/{repo}", headers=headers, timeout=10)
if response.status_code != 200:
    print(f"GitHub answered {response.status_code} for {repo}", file=sys.stderr)
    sys.exit(1)

print(summarise(response.json()))
