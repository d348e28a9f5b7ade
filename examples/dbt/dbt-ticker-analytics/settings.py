"""Turns the app's parameters, which always arrive as strings, into the arguments of tower.dbt.

Only the standard library is used here, so the rules can be tested with plain python3.
"""
import json
from dataclasses import dataclass


@dataclass(frozen=True)
class DbtOptions:
    commands: str
    selector: str | None
    target: str | None
    threads: int | None
    vars: dict[str, object] | None
    full_refresh: bool


def _optional(value: str) -> str | None:
    value = value.strip()
    return value or None


def _threads(value: str) -> int | None:
    value = value.strip()
    if not value:
        return None
    if not value.isdigit() or int(value) < 1:
        raise ValueError(f"DBT_THREADS must be a whole number of at least 1, not {value!r}")
    return int(value)


def _vars(value: str) -> dict[str, object] | None:
    value = value.strip()
    if not value:
        return None
    try:
        parsed = json.loads(value)
    except json.JSONDecodeError as err:
        raise ValueError(f"DBT_VARS_JSON is not valid JSON: {err}") from None
    if not isinstance(parsed, dict):
        raise ValueError("DBT_VARS_JSON must be a JSON object, such as {\"first_trade_date\": \"2025-06-04\"}")
    return parsed


def _flag(value: str) -> bool:
    value = value.strip().lower()
    if value in ("", "false"):
        return False
    if value == "true":
        return True
    raise ValueError(f"DBT_FULL_REFRESH must be true or false, not {value!r}")


def parse_options(commands: str, select: str, target: str, threads: str, vars_json: str, full_refresh: str) -> DbtOptions:
    """The options for tower.dbt; raises ValueError naming the parameter that is wrong."""
    if not commands.strip():
        raise ValueError("DBT_COMMANDS is empty: name at least one dbt command, such as build")
    return DbtOptions(
        commands=commands.strip(),
        selector=_optional(select),
        target=_optional(target),
        threads=_threads(threads),
        vars=_vars(vars_json),
        full_refresh=_flag(full_refresh),
    )
