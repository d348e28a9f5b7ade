"""Checks the load parameters before dlt starts. Standard library only: see test_settings.py."""

WRITE_DISPOSITIONS = ("replace", "merge", "append")


def load_settings(write_disposition, merge_key):
    if write_disposition not in WRITE_DISPOSITIONS:
        raise ValueError(f"WRITE_DISPOSITION must be one of {', '.join(WRITE_DISPOSITIONS)}, got {write_disposition!r}")
    if write_disposition == "merge" and not merge_key:
        raise ValueError("WRITE_DISPOSITION=merge needs the MERGE_KEY parameter")
    return {"write_disposition": write_disposition, "merge_key": merge_key if write_disposition == "merge" else ""}
