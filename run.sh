#!/usr/bin/env bash
# Starts the whole system on embedded defaults, no Docker, no keys: a real single-node Kafka (KRaft,
# from Kafka's own jars) and the five services, each its own JVM, in the demo profile (demo
# credentials, demo knowledge bases). Prints one "ready" line; Ctrl-C stops everything cleanly.
#
#   ./run.sh           build what changed, then start (state in .run/ survives restarts)
#   ./run.sh --fresh   forget all state first (topics, index)
#
# Ports: gateway 8080, sensor-bridge 8081 (MQTT 1883), ingest 8082, retrieval 8083, llm 8084, Kafka 9092,
# PostgreSQL 5432 (conversation memory; binaries from a Maven artifact, data in .run/postgres).
# Logs: .run/logs/<service>.log. Set LLM_BASE_URL, LLM_API_KEY and LLM_MODEL to answer with a model.
set -uo pipefail
cd "$(dirname "$0")"

# A script started in the background by another script inherits SIGINT as ignored, and bash cannot
# trap a signal ignored on entry: restart once with default dispositions so Ctrl-C always stops us.
if [ -z "${RUN_SH_SIGNALS_RESET:-}" ] && env --default-signal=INT true 2>/dev/null; then
  RUN_SH_SIGNALS_RESET=1 exec env --default-signal=INT,QUIT,TERM bash "$0" "$@"
fi

RUN=.run
LOGS=$RUN/logs
VERSION=0.1.0-SNAPSHOT
KAFKA_PORT=${KAFKA_PORT:-9092}
PG_PORT=${PG_PORT:-5432}
SERVICES=(retrieval-service llm-service ingest-service gateway-service sensor-bridge)
declare -A PORT=([gateway-service]=8080 [sensor-bridge]=8081 [ingest-service]=8082 [retrieval-service]=8083 [llm-service]=8084)
declare -A HEAP=([gateway-service]=256m [sensor-bridge]=256m [ingest-service]=512m [retrieval-service]=512m [llm-service]=256m)
PIDS=()
started=$(date +%s)

say() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*"; }

stop() {
  trap - INT TERM EXIT
  if [ ${#PIDS[@]} -gt 0 ]; then
    say "stopping..."
    # Services first (reverse start order), then PostgreSQL, the broker last.
    for ((i = ${#PIDS[@]} - 1; i >= 2; i--)); do kill -TERM "${PIDS[$i]}" 2>/dev/null; done
    wait_all 2
    [ ${#PIDS[@]} -gt 1 ] && kill -TERM "${PIDS[1]}" 2>/dev/null
    wait_all 1
    kill -TERM "${PIDS[0]}" 2>/dev/null
    wait_all 0
    say "stopped"
  fi
}
wait_all() { # wait for PIDS[first..] to exit, at most 30 s each
  for ((j = $1; j < ${#PIDS[@]}; j++)); do
    for _ in $(seq 1 300); do kill -0 "${PIDS[$j]}" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "${PIDS[$j]}" 2>/dev/null
  done
}
trap 'stop; exit 130' INT
trap 'stop; exit 143' TERM
trap stop EXIT

fail() { say "FAILED: $*"; exit 1; }
in_use() { (echo >"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# 0. options and sanity
[ "${1:-}" = "--fresh" ] && rm -rf "$RUN/kafka" "$RUN/index" "$RUN/postgres"
command -v java >/dev/null || fail "java not found: install JDK 17"
for p in "$KAFKA_PORT" "$PG_PORT" 1883 "${PORT[@]}"; do in_use "$p" && fail "port $p is in use (another ./run.sh? set KAFKA_PORT or PG_PORT for the infrastructure)"; done
mkdir -p "$LOGS"

# 1. build what is needed
jar() { echo "$1/target/$1-$VERSION-exec.jar"; }
stale=no
for s in "${SERVICES[@]}"; do [ -f "$(jar "$s")" ] || stale=yes; done
[ -f kafka-local/target/classpath.txt ] && [ -f postgres-local/target/classpath.txt ] && [ -f "$RUN/build.stamp" ] || stale=yes
if [ $stale = no ] && [ -n "$(find . -path ./.run -prune -o -path '*/target' -prune -o \( -name '*.java' -o -name '*.avsc' -o -name '*.yml' -o -path '*/src/*.md' -o -name 'pom.xml' \) -newer "$RUN/build.stamp" -print -quit)" ]; then stale=yes; fi
if [ $stale = yes ]; then
  say "building (./mvnw package, tests skipped)..."
  ./mvnw -q -B -DskipTests -Dspotless.check.skip package >"$LOGS/build.log" 2>&1 || { tail -30 "$LOGS/build.log"; fail "build failed, see $LOGS/build.log"; }
  touch "$RUN/build.stamp"
fi

JAVA_OPTS_COMMON=(-XX:+UseSerialGC -Xss512k -XX:MaxMetaspaceSize=256m)
export KAFKA_BOOTSTRAP_SERVERS=localhost:$KAFKA_PORT RETRIEVAL_INDEX_PATH=$RUN/index DJL_CACHE_DIR=$RUN/djl
export DATABASE_URL=${DATABASE_URL:-jdbc:postgresql://localhost:$PG_PORT/postgres}

# 2. the broker, with the catalogue's topics
say "starting Kafka (KRaft) on $KAFKA_PORT..."
java "${JAVA_OPTS_COMMON[@]}" -Xmx512m -cp "kafka-local/target/kafka-local-$VERSION.jar:$(cat kafka-local/target/classpath.txt)" \
  io.streamrag.kafkalocal.LocalKafkaMain "$KAFKA_PORT" "$RUN/kafka" >"$LOGS/kafka.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 1 600); do grep -q "kafka-local ready" "$LOGS/kafka.log" && break; kill -0 "${PIDS[0]}" 2>/dev/null || { tail -20 "$LOGS/kafka.log"; fail "Kafka did not start"; }; sleep 0.1; done
grep -q "kafka-local ready" "$LOGS/kafka.log" || fail "Kafka not ready after 60 s"

say "starting PostgreSQL on $PG_PORT..."
java "${JAVA_OPTS_COMMON[@]}" -Xmx64m -cp "postgres-local/target/postgres-local-$VERSION.jar:$(cat postgres-local/target/classpath.txt)" \
  io.streamrag.postgreslocal.LocalPostgresMain "$RUN/postgres" "$PG_PORT" >"$LOGS/postgres.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 1 600); do grep -q "postgres ready" "$LOGS/postgres.log" && break; kill -0 "${PIDS[1]}" 2>/dev/null || { tail -20 "$LOGS/postgres.log"; fail "PostgreSQL did not start"; }; sleep 0.1; done
grep -q "postgres ready" "$LOGS/postgres.log" || fail "PostgreSQL not ready after 60 s"

# 3. the services, all at once
for s in "${SERVICES[@]}"; do
  PORT=${PORT[$s]} java "${JAVA_OPTS_COMMON[@]}" -Xmx"${HEAP[$s]}" -jar "$(jar "$s")" --spring.profiles.active=demo >"$LOGS/$s.log" 2>&1 &
  PIDS+=($!)
done
say "starting ${SERVICES[*]}..."

# 4. ready when every service says so and the demo knowledge is searchable
ready() { curl -sf "http://127.0.0.1:$1/actuator/health/readiness" >/dev/null; }
for i in "${!SERVICES[@]}"; do
  s=${SERVICES[$i]}
  until ready "${PORT[$s]}"; do
    kill -0 "${PIDS[$((i + 2))]}" 2>/dev/null || { tail -30 "$LOGS/$s.log"; fail "$s exited, see $LOGS/$s.log"; }
    [ $(($(date +%s) - started)) -gt 300 ] && fail "$s not ready after 300 s, see $LOGS/$s.log"
    sleep 0.5
  done
done
chunks() { curl -s "http://127.0.0.1:8083/actuator/health" | grep -o '"chunks":[0-9]*' | grep -o '[0-9]*$'; }
prev=-1; stable=0
while [ "$stable" -lt 4 ]; do # the chunk count must be positive and unchanged for 2 s
  now=$(chunks); [ -n "$now" ] && [ "$now" -gt 0 ] && [ "$now" = "$prev" ] && stable=$((stable + 1)) || stable=0
  prev=${now:-0}; sleep 0.5
  [ $(($(date +%s) - started)) -gt 300 ] && fail "the demo knowledge was not indexed after 300 s"
done

rss=0 # the JVMs and their children (PostgreSQL's server processes)
for p in "${PIDS[@]}"; do for r in $(ps -o rss= -p "$p" 2>/dev/null) $(ps -o rss= --ppid "$p" 2>/dev/null); do rss=$((rss + r)); done; done
cat <<TXT

Demo credentials (demo profile only): API key dev-farmer-key owns sensor 550e8400-e29b-41d4-a716-446655440000;
dev-other-key owns 6fa459ea-ee8a-3ca4-894e-db77e160355e; device token dev-device-token publishes for both.

Post a reading over HTTP, or over MQTT (mosquitto_pub from Debian's mosquitto-clients):
  curl -X POST http://localhost:8081/api/sensors/550e8400-e29b-41d4-a716-446655440000/readings -H 'Authorization: Bearer dev-device-token' -H 'Content-Type: application/json' -d '{"ts":"'\$(date -u +%Y-%m-%dT%H:%M:%SZ)'","soil_moisture":12.5,"temperature":21.5,"ph":6.8}'
  mosquitto_pub -h localhost -p 1883 -u demo-device -P dev-device-token -q 1 -t sensors/550e8400-e29b-41d4-a716-446655440000/readings -m '{"ts":"'\$(date -u +%Y-%m-%dT%H:%M:%SZ)'","soil_moisture":14.2}'
Admin token dev-admin-token: device registry and any sensor's profile and forecast (port 8081),
live prompts: curl -H 'Authorization: Bearer dev-admin-token' http://localhost:8082/admin/pipelines/croplogic
TXT
say "ready in $(($(date +%s) - started)) s ($prev chunks indexed, $((${#PIDS[@]})) JVMs and PostgreSQL, $((rss / 1024)) MiB RSS): curl -N -X POST http://localhost:8080/api/rag/chat -H 'Authorization: Bearer dev-farmer-key' -H 'Content-Type: application/json' -d '{\"message\":\"رطوبت خاک من چقدر است؟\",\"sensor_uuid\":\"550e8400-e29b-41d4-a716-446655440000\"}'"

# 5. run until Ctrl-C, or until any process dies
wait -n "${PIDS[@]}"
fail "a process exited unexpectedly; logs in $LOGS"
