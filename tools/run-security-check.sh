#!/usr/bin/env bash
# What a fresh ./run.sh exposes (issue 35, docs/security.md): it starts on the demo data, listens on
# loopback only, answers no actuator on a service port, and its actuators' details need the admin
# token, and it refuses hostile input (tools/hostile-input.py). Starts ./run.sh in the background
# (the jars must be built), checks, stops it with SIGINT.
# Locally, on a shared machine: flock /work/system.lock tools/run-security-check.sh
set -uo pipefail
cd "$(dirname "$0")/.."
console=$(mktemp)
./run.sh >"$console" 2>&1 &
pid=$!
fail() { echo "run-security-check: FAIL $*"; tail -20 "$console" | sed 's/^/    | /'; kill -INT "$pid" 2>/dev/null; wait "$pid"; exit 1; }
for ((i = 0; i < 600; i++)); do grep -q ' ready in [0-9]* s ' "$console" && break; kill -0 "$pid" 2>/dev/null || fail "run.sh exited"; sleep 1; done
grep -q ' ready in [0-9]* s ' "$console" || fail "not ready after 600 s"
status() { curl -s -o /dev/null -w '%{http_code}' -m 5 "$@"; }
# every port the services, the MQTT broker, the broker and PostgreSQL listen on is a loopback one
wide=$(ss -Hltn | awk '{print $4}' | grep -E ':(808[0-4]|908[0-4]|1883|9092|5432)$' | grep -vE '^(127\.0\.0\.1|\[::1\]|\[::ffff:127\.0\.0\.1\]):')
[ -z "$wide" ] || fail "listening beyond loopback: $wide"
[ "$(status http://127.0.0.1:8080/actuator/prometheus)" = 404 ] || fail "the gateway's port answers /actuator/prometheus"
[ "$(status http://127.0.0.1:8083/actuator/freshness)" = 404 ] || fail "retrieval's port answers /actuator/freshness"
[ "$(status http://127.0.0.1:9083/actuator/freshness)" = 401 ] || fail "freshness answers without the admin token"
[ "$(status -H 'Authorization: Bearer dev-admin-token' http://127.0.0.1:9083/actuator/freshness)" = 200 ] || fail "freshness refuses the admin token"
[ "$(status http://127.0.0.1:9080/actuator/prometheus)" = 200 ] || fail "no metrics on the gateway's actuator port"
# hostile input on every API: a 4xx with a JSON error each, never a 5xx; memory still works after
python3 tools/hostile-input.py || fail "hostile input"
kill -INT "$pid"
wait "$pid"
echo "run-security-check: PASS (loopback only, actuators apart, details behind the admin token, hostile input refused)"
