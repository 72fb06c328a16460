#!/usr/bin/env bash
# Exercises ./run.sh's supervisor for real, on the fixed ports (nothing else may run ./run.sh):
#   1. start ./run.sh in the background and wait for its "ready in N s" line
#   2. kill -9 llm-service: the console shows the death and the restart, its readiness is UP again and
#      a chat answers, while the gateway kept its pid and answered its readiness probe throughout
#   3. kill -9 the broker: restarted, all five services ready and a chat answers again
#   4. kill -9 PostgreSQL's server (its postmaster; the JVM that started it has exited): it starts
#      again, a chat answers
#   5. SIGINT to run.sh: it exits 130, no java or postgres process of this checkout remains, ports free
#   6. start ./run.sh again in the same checkout (the old restart race) and check it reaches ready;
#      the previous run's logs are kept as <name>.log.1; SIGINT and the same checks as in 5
# Prints the measured times at the end. Exit code 0 when every check passed.
#
#   tools/run-supervisor-test.sh
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd -P)
OUT=.run/supervisor-test
PORTS=(8080 8081 8082 8083 8084 9092 5432 1883)
SERVICE_PORTS=(8083 8084 8082 8080 8081)
RUN_PID=""
CONSOLE=""
TIMES=()
mkdir -p "$OUT"

say() { printf '%s [test] %s\n' "$(date +%H:%M:%S)" "$*"; }
fail() {
  say "FAILED: $*"
  [ -n "$CONSOLE" ] && { say "last lines of the run.sh console ($CONSOLE):"; tail -25 "$CONSOLE" | sed 's/^/    | /'; }
  exit 1
}
in_use() { (: <"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
pid_on_port() { ss -Hltnp "sport = :$1" | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2; }
# the actuator is on the service port + 1000 (platform-kit's ManagementPort)
ready() { curl -sf -m 5 "http://127.0.0.1:$(($1 + 1000))/actuator/health/readiness" >/dev/null; }
now() { date +%s.%N | cut -c1-14; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# until_true TIMEOUT COMMAND...: poll every 0.5 s; false when TIMEOUT seconds passed
until_true() {
  local limit=$((SECONDS + $1))
  shift
  until "$@"; do [ $SECONDS -ge $limit ] && return 1; sleep 0.5; done
}
console_has() { grep -Eq "$1" "$CONSOLE"; }
all_ready() { local p; for p in "${SERVICE_PORTS[@]}"; do ready "$p" || return 1; done; }
chat_answers() {
  curl -sN -m 30 -X POST http://127.0.0.1:8080/api/rag/chat -H 'Authorization: Bearer dev-farmer-key' \
    -H 'Content-Type: application/json' \
    -d '{"message":"How much water does my soil hold?","sensor_uuid":"550e8400-e29b-41d4-a716-446655440000"}' |
    grep -q '^event:done'
}

# leftovers: java and postgres processes whose working directory is in this checkout
leftovers() {
  local p c
  for p in /proc/[0-9]*; do
    c=$(readlink "$p/cwd" 2>/dev/null) || continue
    case $c in "$ROOT" | "$ROOT"/*) ;; *) continue ;; esac
    case $(cat "$p/comm" 2>/dev/null) in java | postgres) echo "${p#/proc/} $(tr '\0' ' ' <"$p/cmdline" | cut -c1-100)" ;; esac
  done
}
ports_in_use() { local p; for p in "${PORTS[@]}"; do in_use "$p" && printf '%s ' "$p"; done; }
clean() { [ -z "$(leftovers)" ] && [ -z "$(ports_in_use)" ]; }

start_run() { # start_run NAME: ./run.sh in the background, its console in $OUT/NAME.console
  CONSOLE=$OUT/$1.console
  local t0
  t0=$(now)
  ./run.sh >"$CONSOLE" 2>&1 &
  RUN_PID=$!
  say "started ./run.sh (pid $RUN_PID), console in $CONSOLE"
  until console_has ' ready in [0-9]+ s '; do
    kill -0 "$RUN_PID" 2>/dev/null || fail "./run.sh exited before ready"
    [ "$(since "$t0" | cut -d. -f1)" -gt 600 ] && fail "./run.sh not ready after 600 s"
    sleep 1
  done
  say "$(grep -o 'ready in [0-9]* s ([^)]*)' "$CONSOLE")"
  TIMES+=("$1: $(grep -o 'ready in [0-9]* s' "$CONSOLE")")
}

stop_run() { # SIGINT to run.sh, as Ctrl-C does; then nothing of ours may remain
  local t0 code
  t0=$(now)
  kill -INT "$RUN_PID"
  until_true 120 eval '! kill -0 "$RUN_PID" 2>/dev/null' || fail "./run.sh still runs 120 s after SIGINT"
  wait "$RUN_PID"
  code=$?
  RUN_PID=""
  [ $code -eq 130 ] || fail "./run.sh exited with $code after SIGINT, expected 130"
  console_has ' stopped$' || fail "no 'stopped' line on the console"
  until_true 10 clean || fail "left behind after SIGINT: $(leftovers | tr '\n' ';') ports in use: $(ports_in_use)"
  say "SIGINT: run.sh stopped everything in $(since "$t0") s; no java/postgres process of $ROOT left, ports free"
  TIMES+=("stop after SIGINT: $(since "$t0") s")
}

# kill_and_recover LABEL NAME PORT: kill -9 the process listening on PORT, which run.sh calls NAME;
# then the console must show its death and restart, and everything must answer again
kill_and_recover() {
  local label=$1 name=$2 port=$3 pid t0 tback tall
  pid=$(pid_on_port "$port")
  [ -n "$pid" ] || fail "no process listens on $port"
  [ "$name" = postgres ] && pid=$(head -1 .run/postgres/postmaster.pid) # the server itself (no JVM waits beside it)
  t0=$(now)
  kill -9 "$pid"
  say "kill -9 $label (pid $pid)"
  until_true 30 console_has "$name \\(pid $pid\\) exited with (code 137|its server gone)" || fail "no death of $name (pid $pid) on the console"
  until_true 60 console_has "restarted $name \\(pid" || fail "$name was not restarted"
  until_true 180 console_has "$name is ready again" || fail "$name not ready again after 180 s"
  tback=$(since "$t0")
  until_true 240 all_ready || fail "not every service ready after killing $label"
  until_true 120 chat_answers || fail "no chat answer after killing $label"
  tall=$(since "$t0")
  say "$label: back in $tback s, all services ready and a chat answered $tall s after the kill"
  TIMES+=("kill -9 $label: back in $tback s, chat answers $tall s after the kill")
}

on_exit() { # a failed check must not leave the system running
  [ -z "$RUN_PID" ] && return
  kill -INT "$RUN_PID" 2>/dev/null
  until_true 90 eval '! kill -0 "$RUN_PID" 2>/dev/null' || kill -TERM "$RUN_PID" 2>/dev/null
}
trap on_exit EXIT

# 0. nothing may run on our ports
[ -z "$(ports_in_use)" ] || fail "ports in use: $(ports_in_use); stop what runs there first"
[ -z "$(leftovers)" ] || fail "processes of this checkout already run: $(leftovers)"

# 1. start
start_run first-start

# 2. a service dies; the gateway must keep serving meanwhile
gw=$(pid_on_port 8080)
(while sleep 0.5; do ready 8080 || echo "$(date +%T) gateway readiness failed"; done) >"$OUT/gateway-watch.txt" 2>&1 &
watch=$!
kill_and_recover llm-service llm-service 8084
kill "$watch"
[ "$(pid_on_port 8080)" = "$gw" ] || fail "the gateway's pid changed while llm-service was down"
[ -s "$OUT/gateway-watch.txt" ] && fail "the gateway did not answer while llm-service was down: $(head -3 "$OUT/gateway-watch.txt")"
say "the gateway (pid $gw) kept answering its readiness probe while llm-service restarted"

# 3. the broker dies; 4. PostgreSQL dies
kill_and_recover broker kafka 9092
kill_and_recover PostgreSQL postgres 5432

# 5. Ctrl-C
stop_run

# 6. a second start in the same checkout, the previous run's logs kept
start_run second-start
[ "$(grep -c 'run.sh starts llm-service' .run/logs/llm-service.log.1)" -ge 2 ] || fail "llm-service.log.1 does not hold the first run's two starts"
grep -q 'run.sh starts kafka' .run/logs/kafka.log.1 || fail "kafka.log.1 missing"
stop_run

say "PASSED"
printf '    %s\n' "${TIMES[@]}"
