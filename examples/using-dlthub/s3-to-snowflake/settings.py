"""Checks the load parameters before dlt starts, so a typo fails in the first
second instead of after the download. Standard library only: see test_settings.py."""

WRITE_DISPOSITIONS = ("replace", "merge", "append")
REPLACE_STRATEGIES = ("truncate-and-insert", "insert-from-staging", "staging-optimized")


def load_settings(write_disposition, replace_strategy, merge_key):
    if write_disposition not in WRITE_DISPOSITIONS:
        raise ValueError(f"WRITE_DISPOSITION must be one of {', '.join(WRITE_DISPOSITIONS)}, got {write_disposition!r}")
    if write_disposition == "replace" and replace_strategy not in REPLACE_STRATEGIES:
        raise ValueError(f"REPLACE_STRATEGY must be one of {', '.join(REPLACE_STRATEGIES)}, got {replace_strategy!r}")
    if write_disposition == "merge" and not merge_key:
        raise ValueError("WRITE_DISPOSITION=merge needs the MERGE_KEY parameter")
    return {
        "write_disposition": write_disposition,
        "replace_strategy": replace_strategy,
        "merge_key": merge_key if write_disposition == "merge" else "",
    }
