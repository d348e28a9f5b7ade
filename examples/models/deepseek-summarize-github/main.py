"""Summarises one GitHub issue thread with a language model and upserts the result into github.issue_threads."""
from datetime import datetime, timezone

import httpx
import pyarrow as pa

import tower
from thread import as_conversation, strip_reasoning

SCHEMA = pa.schema([
    pa.field("repo_owner", pa.string(), nullable=False),
    pa.field("repo", pa.string(), nullable=False),
    pa.field("issue_number", pa.int64(), nullable=False),
    pa.field("title", pa.string()),
    pa.field("model", pa.string()),
    pa.field("analysis", pa.string()),
    pa.field("analysed_at", pa.timestamp("us", tz="UTC")),
])


def fetch_thread(owner, repo, number):
    """The issue and up to 100 of its comments, from GitHub's REST API without a token."""
    headers = {"Accept": "application/vnd.github+json"}
    with httpx.Client(base_url="https://api.github.com", headers=headers, timeout=30) as github:
        issue = github.get(f"/repos/{owner}/{repo}/issues/{number}")
        issue.raise_for_status()
        comments = github.get(f"/repos/{owner}/{repo}/issues/{number}/comments", params={"per_page": 100})
        comments.raise_for_status()
    return issue.json(), comments.json()


def main():
    owner = tower.parameter("GH_REPO_OWNER")
    repo = tower.parameter("GH_REPO")
    number = int(tower.parameter("GH_ISSUE_NUMBER"))

    issue, comments = fetch_thread(owner, repo, number)
    print(f"Fetched {owner}/{repo}#{number} \"{issue['title']}\" with {len(comments)} comments")

    llm = tower.llms(tower.parameter("MODEL_NAME"), max_tokens=int(tower.parameter("MAX_TOKENS")))
    print(f"Asking {llm.model_name}")
    analysis = strip_reasoning(llm.complete_chat(as_conversation(issue, comments)))
    print(analysis)

    row = pa.Table.from_pylist([{
        "repo_owner": owner,
        "repo": repo,
        "issue_number": number,
        "title": issue["title"],
        "model": llm.model_name,
        "analysis": analysis,
        "analysed_at": datetime.now(timezone.utc),
    }], schema=SCHEMA)
    table = tower.tables("issue_threads", namespace="github").create_if_not_exists(SCHEMA)
    table.upsert(row, join_cols=["repo_owner", "repo", "issue_number"])
    print("Saved the analysis to github.issue_threads")


if __name__ == "__main__":
    main()
