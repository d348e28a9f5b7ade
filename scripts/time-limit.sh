#!/usr/bin/env bash
# Usage: bash scripts/time-limit.sh SECONDS COMMAND [ARGS...]
#
# Runs COMMAND as a process group of its own. If it is still running after
# SECONDS, it and everything it started are stopped: SIGTERM to the whole
# group, then SIGKILL to what is left TIME_LIMIT_GRACE seconds later (default
# 15). coreutils' `timeout` is not enough: it waits only for its direct child,
# so a grandchild stuck in native code (a hung Docusaurus build under npx)
# outlives it. Whatever the command leaves running in its group when it ends is
# stopped too. Exits with COMMAND's status, or 124 when the time limit hit.
set -uo pipefail

limit=$1
shift
grace=${TIME_LIMIT_GRACE:-15}

group_alive() { kill -0 -- "-$group" 2>/dev/null; }

stop_group() {
  kill -TERM -- "-$group" 2>/dev/null || return 0
  local until=$((SECONDS + grace))
  while group_alive && [ "$SECONDS" -lt "$until" ]; do
    sleep 0.2
  done
  kill -KILL -- "-$group" 2>/dev/null || true
}

# Job control gives the background job a process group whose id is its pid.
set -m
"$@" </dev/null &
group=$!
set +m
# The group is not the terminal's foreground group, so Ctrl+C reaches only this script.
trap 'stop_group; exit 130' INT
trap 'stop_group; exit 143' TERM HUP

deadline=$((SECONDS + limit))
timed_out=0
while kill -0 "$group" 2>/dev/null; do
  if [ "$SECONDS" -ge "$deadline" ]; then
    timed_out=1
    printf '\n[time limit] %s ran longer than %s s: stopping it and every process it started.\n' "$*" "$limit" >&2
    stop_group
    break
  fi
  sleep 0.2
done

status=0
wait "$group" 2>/dev/null || status=$?
kill -KILL -- "-$group" 2>/dev/null || true
if [ "$timed_out" = 1 ]; then
  exit 124
fi
exit "$status"
