#!/usr/bin/env bash
# Stops the Jacos server that bin/startup.sh of this distribution started, found by its pid file (jacos.pid), never
# by a process name. First SIGTERM, the graceful stop (in cluster mode the node hands its connections to its peers
# first); if the server has not ended after JACOS_STOP_TIMEOUT seconds (default 60), SIGKILL.
# Exit status: 0 when the server stopped, 1 when none of this distribution was running.
set -eu

BASE_DIR=$(cd "$(dirname "$0")/.." && pwd)
PID_FILE="$BASE_DIR/jacos.pid"
STOP_TIMEOUT=${JACOS_STOP_TIMEOUT:-60}
case $STOP_TIMEOUT in '' | *[!0-9]*)
    echo "ERROR: JACOS_STOP_TIMEOUT must be a number of seconds, not '$STOP_TIMEOUT'" >&2
    exit 1
    ;;
esac

# True when the process is alive and is this distribution's server (a pid file can outlive its process, and the
# number can be taken by another process since).
is_our_server() {
    case "$1" in '' | *[!0-9]*) return 1 ;; esac
    kill -0 "$1" 2>/dev/null || return 1
    local args
    if [ -r "/proc/$1/cmdline" ]; then
        args=$(tr '\0' ' ' <"/proc/$1/cmdline")
    else
        args=$(ps -p "$1" -o args= 2>/dev/null) || return 1
    fi
    case "$args" in *" -Dnacos.home=$BASE_DIR "*) return 0 ;; esac
    return 1
}

# Waits up to $2 seconds for the server $1 to end; true when it did.
ended_within() {
    local waited=0
    while is_our_server "$1"; do
        [ "$waited" -lt "$2" ] || return 1
        sleep 1
        waited=$((waited + 1))
    done
}

if [ ! -f "$PID_FILE" ]; then
    echo "Jacos is not running from $BASE_DIR (no jacos.pid)."
    exit 1
fi
PID=$(cat "$PID_FILE")
if ! is_our_server "$PID"; then
    rm -f "$PID_FILE"
    echo "Jacos is not running from $BASE_DIR (process $PID is gone); removed the stale jacos.pid."
    exit 1
fi

echo "Stopping Jacos (pid $PID) ..."
kill -TERM "$PID"
if ended_within "$PID" "$STOP_TIMEOUT"; then
    rm -f "$PID_FILE"
    echo "Jacos stopped."
    exit 0
fi
echo "Jacos did not stop within $STOP_TIMEOUT s; killing it (SIGKILL)."
kill -KILL "$PID" 2>/dev/null || true
if ended_within "$PID" 10; then
    rm -f "$PID_FILE"
    echo "Jacos killed."
    exit 0
fi
echo "ERROR: process $PID is still there after SIGKILL." >&2
exit 1
