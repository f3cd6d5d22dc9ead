#!/usr/bin/env bash
# Starts the Jacos server of this distribution in the background, as a Nacos distribution's startup.sh does.
#
#   bin/startup.sh [-m standalone|cluster] [-c host:port,host:port,...]
#
#   -m  standalone: one node, whatever conf/cluster.conf says; cluster (the default, as in Nacos): the nodes of
#       conf/cluster.conf (see conf/cluster.conf.example) or of -c
#   -c  the cluster's nodes, instead of conf/cluster.conf (sets nacos.member.list)
#
# Environment: JAVA_HOME (else the java on PATH; Java 17 or later), JVM_XMS, JVM_XMX (heap: starts at 128m and
# grows to 512m standalone, 256m to 1g cluster), JVM_XMN (young generation; unset leaves it to the collector),
# JVM_MS, JVM_MMS (metaspace; 128m and 320m), JAVA_OPT (any further JVM options; they come last, so they win).
# The HTTP port is server.port from conf/application.properties (or SERVER_PORT, or -Dserver.port in JAVA_OPT),
# 8848 if none.
#
# The server keeps its data in data/, logs to logs/jacos.log.* (conf/logging.properties), writes what the JVM
# itself prints to logs/start.out, and its process id to jacos.pid; bin/shutdown.sh stops it.
set -eu

fail() {
    echo "ERROR: $*" >&2
    exit 1
}

BASE_DIR=$(cd "$(dirname "$0")/.." && pwd)
CONF_FILE="$BASE_DIR/conf/application.properties"
PID_FILE="$BASE_DIR/jacos.pid"
BUNDLE="$BASE_DIR/lib/nacos-microbundle.jar"
USAGE="usage: bin/startup.sh [-m standalone|cluster] [-c host:port,host:port,...]"

MODE=cluster
MEMBER_LIST=
while getopts ":m:c:h" opt; do
    case $opt in
        m) MODE=$OPTARG ;;
        c) MEMBER_LIST=$OPTARG ;;
        h) echo "$USAGE"; exit 0 ;;
        :) fail "option -$OPTARG needs a value; $USAGE" ;;
        *) fail "unknown option -$OPTARG; $USAGE" ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] || fail "unexpected argument '$1'; $USAGE"
case $MODE in
    standalone | cluster) ;;
    *) fail "-m must be standalone or cluster, not '$MODE'" ;;
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

if [ -f "$PID_FILE" ]; then
    running=$(cat "$PID_FILE")
    if is_our_server "$running"; then
        fail "Jacos is already running from $BASE_DIR (pid $running); bin/shutdown.sh stops it"
    fi
    rm -f "$PID_FILE"
fi

if [ -n "${JAVA_HOME:-}" ]; then
    JAVA="$JAVA_HOME/bin/java"
    [ -x "$JAVA" ] || fail "JAVA_HOME=$JAVA_HOME has no bin/java"
else
    JAVA=$(command -v java) || fail "no java found: set JAVA_HOME or put Java 17 or later on PATH"
fi
JAVA_VERSION=$("$JAVA" -version 2>&1 | sed -n 's/.* version "\([0-9]*\).*/\1/p' | head -n 1)
[ "${JAVA_VERSION:-0}" -ge 17 ] || fail "Jacos needs Java 17 or later; $JAVA is version ${JAVA_VERSION:-unknown}"
[ -f "$BUNDLE" ] || fail "$BUNDLE is missing"

# The last uncommented value of a setting in conf/application.properties (name=value, name: value or name value).
file_setting() {
    [ -f "$CONF_FILE" ] || return 0
    local name=${1//./\\.}
    sed -n "s/^[[:space:]]*$name[[:space:]]*[=:[:space:]][[:space:]]*//p" "$CONF_FILE" | tr -d '\r' | tail -n 1 |
        sed 's/[[:space:]]*$//'
}

set -f # JAVA_OPT is split into words below; its words are options, never file patterns
# The port the server derives its gRPC and cluster ports from (server.port) must be the port it listens on, so it
# is looked up in the order the server reads it: system property, environment, this distribution's file.
PORT=
for word in ${JAVA_OPT:-}; do
    case $word in -Dserver.port=*) PORT=${word#-Dserver.port=} ;; esac
done
[ -n "$PORT" ] || PORT=${SERVER_PORT:-}
[ -n "$PORT" ] || PORT=$(file_setting server.port)
[ -n "$PORT" ] || PORT=8848
case $PORT in '' | *[!0-9]*) fail "server.port must be a number, not '$PORT'" ;; esac

# The heap starts small and grows with the load: a standalone server under the benchmark's load keeps about 120 MB
# live, and a heap committed in full from the start costs ~250 MB of resident memory it never needs. Under a
# heavy write load a larger JVM_XMS trades that memory for fewer young collections.
if [ "$MODE" = standalone ]; then
    HEAP_START=128m
    HEAP_MAX=512m
else
    HEAP_START=256m
    HEAP_MAX=1g
fi
OPTS=(-Xms"${JVM_XMS:-$HEAP_START}" -Xmx"${JVM_XMX:-$HEAP_MAX}"
    -XX:MetaspaceSize="${JVM_MS:-128m}" -XX:MaxMetaspaceSize="${JVM_MMS:-320m}")
# G1 sizes the young generation to meet its pause goal; a fixed size only where the operator asks for one.
[ -z "${JVM_XMN:-}" ] || OPTS+=(-Xmn"$JVM_XMN")
OPTS+=(-XX:-OmitStackTraceInFastThrow -XX:+HeapDumpOnOutOfMemoryError
    "-XX:HeapDumpPath=$BASE_DIR/logs/java_heapdump.hprof"
    "-Xlog:gc*:file=$BASE_DIR/logs/jacos_gc.log:time,tags:filecount=10,filesize=100m"
    "-Dnacos.home=$BASE_DIR")
[ "$MODE" = cluster ] || OPTS+=(-Dnacos.standalone=true)
[ -z "$MEMBER_LIST" ] || OPTS+=("-Dnacos.member.list=$MEMBER_LIST")
# The bundle's HTTP listener follows the system property server.address only, so the environment's form of it is
# handed over as one; a -Dserver.address in JAVA_OPT still wins, coming last.
[ -z "${SERVER_ADDRESS:-}" ] || OPTS+=("-Dserver.address=$SERVER_ADDRESS")
# The file's settings also go to the JVM as system properties. The server reads the file itself, but Payara Micro
# builds an application's configuration at times before it can see the application's own config sources, and then
# keeps it; handed over here, the file decides on every start. A setting the environment gives keeps the
# environment's value (MicroProfile Config: system properties, then environment, then this file), and JAVA_OPT
# comes after these options, so a -D there wins as it does without the file.
set_in_environment() {
    local underscored=${1//[^a-zA-Z0-9_]/_}
    printenv "$1" >/dev/null || printenv "$underscored" >/dev/null ||
        printenv "$(printf '%s' "$underscored" | tr '[:lower:]' '[:upper:]')" >/dev/null
}
if [ -f "$CONF_FILE" ]; then
    while IFS= read -r line || [ -n "$line" ]; do
        line=${line%$'\r'}
        line=${line#"${line%%[![:space:]]*}"}
        case $line in '' | '#'* | '!'*) continue ;; esac
        name=${line%%[=:[:space:]]*}
        value=${line#"$name"}
        value=${value#"${value%%[![:space:]]*}"}
        case $value in [=:]*) value=${value#?} ;; esac
        value=${value#"${value%%[![:space:]]*}"}
        value=${value%"${value##*[![:space:]]}"}
        # nacos.home is where this file is found: bin/startup.sh sets it to this distribution's folder. An empty
        # value is no value, as MicroProfile Config reads it.
        [ "$name" != nacos.home ] && [ -n "$value" ] || continue
        set_in_environment "$name" || OPTS+=("-D$name=$value")
    done <"$CONF_FILE"
fi
# shellcheck disable=SC2206 # split on purpose: JAVA_OPT holds several options
OPTS+=(${JAVA_OPT:-})
set +f

mkdir -p "$BASE_DIR/logs"
# conf/logging.properties names its log files relative to the distribution's folder.
cd "$BASE_DIR"
COMMAND=("$JAVA" "${OPTS[@]}" -jar "$BUNDLE" --port "$PORT" --disablephonehome
    --logproperties "$BASE_DIR/conf/logging.properties")
echo "$(date '+%Y-%m-%d %H:%M:%S') starting ($MODE): ${COMMAND[*]}" >>"$BASE_DIR/logs/start.out"
nohup "${COMMAND[@]}" </dev/null >>"$BASE_DIR/logs/start.out" 2>&1 &
echo $! >"$PID_FILE"
echo "Jacos is starting ($MODE) on port $PORT, pid $!: logs in $BASE_DIR/logs (jacos.log.0, start.out)"
