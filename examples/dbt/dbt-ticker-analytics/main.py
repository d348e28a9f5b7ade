"""Runs the dbt project in ticker_analytics/ with the Tower SDK's dbt helpers."""
import logging
import tempfile
from pathlib import Path

import tower

from settings import parse_options

PROJECT_DIR = Path(__file__).resolve().parent / "ticker_analytics"
PROFILE_SECRET = "TICKER_DBT_PROFILE_YAML"


def load_profile() -> str:
    """Your warehouse's profile from the secret, or the DuckDB profile that ships with the project."""
    try:
        profile = tower.dbt.load_profile_from_env(PROFILE_SECRET)
    except RuntimeError:
        print(f"No {PROFILE_SECRET} secret: using the DuckDB profile in ticker_analytics/profiles.yml")
        return (PROJECT_DIR / "profiles.yml").read_text()
    print(f"Using the dbt profile from the {PROFILE_SECRET} secret")
    return profile


def main() -> None:
    # tower.dbt reports each model, seed and test through the logger "tower.dbt".
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        options = parse_options(
            commands=tower.parameter("DBT_COMMANDS", "build, show --select ticker_summary"),
            select=tower.parameter("DBT_SELECT"),
            target=tower.parameter("DBT_TARGET"),
            threads=tower.parameter("DBT_THREADS"),
            vars_json=tower.parameter("DBT_VARS_JSON"),
            full_refresh=tower.parameter("DBT_FULL_REFRESH", "false"),
        )
    except ValueError as err:
        raise SystemExit(str(err))

    profile = load_profile()
    # The DuckDB profile reads the database path from TICKER_DUCKDB_PATH. The file lives in a
    # temporary folder, so every run starts from an empty database and leaves nothing behind.
    with tempfile.TemporaryDirectory() as scratch:
        workflow = tower.dbt(
            project_path=PROJECT_DIR,
            profile_payload=profile,
            commands=options.commands,
            selector=options.selector,
            target=options.target,
            threads=options.threads,
            vars_payload=options.vars,
            full_refresh=options.full_refresh,
            extra_env={"TICKER_DUCKDB_PATH": str(Path(scratch) / "ticker.duckdb")},
        )
        results = workflow.run()
    print(f"{len(results)} dbt commands succeeded")


if __name__ == "__main__":
    main()
