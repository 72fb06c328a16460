#!/usr/bin/env bash
# Starts the whole system on embedded defaults, no Docker, no keys: a real single-node Kafka (KRaft,
# from Kafka's own jars) and the five services, each its own JVM. A dev tool, so it opts into the
# demo profile itself (public demo credentials, demo knowledge bases; STREAMRAG_PROFILE=... to
# choose another), and therefore listens on loopback only: anyone who reached it would hold the
# demo admin keys. Prints one "ready" line; Ctrl-C stops everything cleanly.
# Once ready it supervises: a process that dies (a service, the broker or PostgreSQL) is restarted
# after 1 s, 2 s, 4 s … at most 30 s (back to 1 s once it stayed up 60 s) while the rest keeps serving.
#
#   ./run.sh           build what changed, then start (state in .run/ survives restarts)
#   ./run.sh --fresh   forget all state first (topics, index)
#   ./run.sh --public  listen on every interface (or STREAMRAG_PUBLIC=1), with the demo keys: only on
#                      a network you trust
#   ./run.sh --replicas 2   two instances of every service (docs/guide/run-locally.md#replicas)
#
# Ports: gateway 8080, sensor-bridge 8081 (MQTT 1883), ingest 8082, retrieval 8083, llm 8084, Kafka 9092,
# PostgreSQL 5432 (conversation memory; binaries from a Maven artifact, data in .run/postgres). Each
# service's actuator (health, metrics) is on its port + 1000 (gateway 9080 ... llm 9084), always on
# loopback; its details need the admin token (demo: dev-admin-token). The second instance of each
# (--replicas 2) listens on its port + 10 (gateway 8090 ... llm 8094, MQTT 1893), its actuator on its
# first instance's + 100 (9180 ... 9184: port + 1010 would give ingest 9102 and a third one 9092, the
# broker's) and its own index (.run/index-2); its name is <service>-2.
# Logs: .run/logs/<instance>.log (restarts append to it; the previous run's is <instance>.log.1).
# Hold one instance down (e.g. to reset its consumer group's offsets): `touch .run/hold/<instance>`,
# stop it (kill its pid: `ss -ltnp 'sport = :8082'`); remove the file and it is started again.
# Set LLM_BASE_URL, LLM_API_KEY and LLM_MODEL to answer with a model.
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
REPLICAS=1
INSTANCES=("${SERVICES[@]}") # with --replicas 2, then <service>-2 of each
NAMES=(kafka postgres "${INSTANCES[@]}") # start order; stopping goes the other way
declare -A PORT=([gateway-service]=8080 [sensor-bridge]=8081 [ingest-service]=8082 [retrieval-service]=8083 [llm-service]=8084)
service_of() { echo "${1%-[0-9]}"; }                                      # retrieval-service-2 -> retrieval-service
replica_of() { case $1 in *-[0-9]) echo $((${1##*-} - 1)) ;; *) echo 0 ;; esac; } # 0 for the first
port() { echo $((PORT[$(service_of "$1")] + 10 * $(replica_of "$1"))); }    # an instance's HTTP port
mgmt() { echo $((PORT[$(service_of "$1")] + 1000 + 100 * $(replica_of "$1"))); } # its actuator port
mqtt_port() { echo $((1883 + 10 * $(replica_of "$1"))); }
index_dir() { local r; r=$(replica_of "$1"); [ "$r" = 0 ] && echo "$RUN/index" || echo "$RUN/index-$((r + 1))"; }
PROFILE=${STREAMRAG_PROFILE:-demo}
BIND=127.0.0.1
# The JIT: C2 was the largest CPU user of every process (bridge 87 s, ingest 80 s, retrieval 49 s,
# llm 41 s, gateway 30 s of C2 compiler thread in the first 28 minutes, measured from /proc), on
# two cores shared by seven JVMs, so every service stops at C1; only the broker keeps C2. Retrieval
# too since 2026-12-03 (README, issue 14): two starts each way, same machine and hour, C1 against
# C2: its CPU to ready 6.6-8.7 s against 13.4-14.6 s, 40-55 MiB less RSS, one chat stream's ttft p50
# 24-31 ms against 33-42 ms warm, 16 streams 51-60 chats/s against 39-60, on the demo's 74 chunks.
# What C1 costs is Lucene's speed on a large index: at 100,000 chunks hybrid search p99 28.5 ms at
# C1 against 17-21 ms at C2 (./bench.sh retrieval-scale). RETRIEVAL_JIT=-XX:+TieredCompilation
# ./run.sh gives a large knowledge base C2 back. INGEST_JIT does the same for ingest: C2 makes a
# station's fan-out cheaper once warm, but its compiling made the first 500 readings/s after a start
# queue for 12 s (p50) against 2-4 s at C1 (docs/measurements/2026-12-07-station-fan-out.md). One
# machine's choice: in Kubernetes each pod has its own CPU, and deploy/ keeps the JVM's default.
declare -A JIT=([gateway-service]=-XX:TieredStopAtLevel=1 [sensor-bridge]=-XX:TieredStopAtLevel=1 [ingest-service]=${INGEST_JIT:--XX:TieredStopAtLevel=1} [retrieval-service]=${RETRIEVAL_JIT:--XX:TieredStopAtLevel=1} [llm-service]=-XX:TieredStopAtLevel=1)
# STREAMRAG_JIT=-XX:+TieredCompilation ./run.sh gives every service the JVM's default JIT (C2 too):
# for latency measurements, which C1 slows (docs/measurements/2026-12-06-extractive-jit.md)
if [ -n "${STREAMRAG_JIT:-}" ]; then
  for s in "${!JIT[@]}"; do JIT[$s]=$STREAMRAG_JIT; done
fi
declare -A HEAP=([gateway-service]=256m [sensor-bridge]=256m [ingest-service]=512m [retrieval-service]=512m [llm-service]=256m)
# The young generation is touched whole within seconds and stays resident, so its size is memory
# paid by every process: 24 MB for the services, 48 MB for the broker that every record crosses,
# 16 MB for the PostgreSQL JVM, which only waits once the server runs. Measured at 16 chat streams
# (README, issue 14): services at 24 MB instead of 48 made about 50 % more young collections
# (+0.9 s of pauses per 20 s, of ~35 s of CPU) and no difference in chats/s beyond run-to-run noise
# (35.7 against 33.3-35.7), for ~100 MB less at ready.
declare -A YOUNG=([gateway-service]=24m [sensor-bridge]=24m [ingest-service]=24m [retrieval-service]=24m [llm-service]=24m)
BACKOFF_MAX=30   # seconds between a death and the restart: 1, 2, 4 … at most this
STABLE_AFTER=60  # a process that stayed up this long starts again from 1 s
START_DEATHS=2   # a process that dies this often before "ready" fails the start
TAIL_LINES=15    # log lines shown with a death or a failed start
# Per process: its pid (empty while it waits for a restart), when it started, its back-off, how often
# it died, when it is due to restart, and when it died (until it answers again).
declare -A PID=() SINCE=() BACKOFF=() DEATHS=() RESTART_AT=() DIED_AT=() HELD=() STARTER=() EXIT_CODE=()
PHASE=starting # then serving, then stopping
ROOT=$(pwd -P)
started=$(date +%s)

say() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*"; }
fail() { say "FAILED: $*"; exit 1; }
in_use() { (: <"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
holder() { ss -Hltnp "sport = :$1" 2>/dev/null | grep -o 'users:((.*))' | head -1; }
tail_log() { tail -n "$TAIL_LINES" "$LOGS/$1.log" 2>/dev/null | sed 's/^/    | /'; }

# wait_or_kill PID...: wait until the processes exit, KILL whatever is left after 30 s
wait_or_kill() {
  local deadline=$((SECONDS + 30)) p
  for p in "$@"; do
    while kill -0 "$p" 2>/dev/null && [ $SECONDS -lt $deadline ]; do sleep 0.1; done
    kill -KILL "$p" 2>/dev/null
  done
}

# The PostgreSQL server on our data directory, if one runs. zonky's pg_ctl detaches it from its JVM,
# so it outlives a JVM that was killed; the next start must stop it first.
postmaster_pid() {
  local p
  p=$(head -1 "$RUN/postgres/postmaster.pid" 2>/dev/null) || return 1
  [ -n "$p" ] && [ "$(readlink "/proc/$p/cwd" 2>/dev/null)" = "$ROOT/$RUN/postgres" ] && echo "$p"
}
stop_stray_postmaster() {
  local p
  p=$(postmaster_pid) || return 0
  say "stopping the PostgreSQL server (pid $p)${1:- left by an earlier run}..."
  kill -INT "$p" 2>/dev/null # fast shutdown
  wait_or_kill "$p"
}

stop() {
  trap - INT TERM EXIT
  PHASE=stopping
  if [ -n "${CDS_PID:-}" ]; then # the archive recording, if it still runs
    pkill -TERM -P "$CDS_PID" 2>/dev/null # its child (timeout, or the broker recording), which passes it on
    kill "$CDS_PID" 2>/dev/null
    pkill -f -- "-XX:ArchiveClassesAtExit=$ROOT/$APP/" 2>/dev/null
  fi
  local i n p pids=()
  if [ ${#PID[@]} -gt 0 ]; then
    say "stopping..."
    # Services first (reverse start order), then PostgreSQL, the broker last.
    for ((i = ${#NAMES[@]} - 1; i >= 2; i--)); do
      p=${PID[${NAMES[$i]}]:-}
      [ -n "$p" ] && kill -TERM "$p" 2>/dev/null && pids+=("$p")
    done
    wait_or_kill "${pids[@]}"
    p=${PID[postgres]:-}
    [ -n "${STARTER[postgres]:-}" ] && [ -n "$p" ] && kill -TERM "$p" 2>/dev/null && wait_or_kill "$p"
    stop_stray_postmaster "" # the server, which its starting JVM left running in its own session
    p=${PID[kafka]:-}
    [ -n "$p" ] && kill -TERM "$p" 2>/dev/null && wait_or_kill "$p"
    for p in $(jobs -p); do # a child started in the instant before its pid was recorded
      [ "$(ps -o ppid= -p "$p" 2>/dev/null | tr -d ' ')" = "$$" ] && kill -KILL "$p" 2>/dev/null
    done
    rm -f "$RUN/kafka.ready" "$RUN/postgres.ready"
    say "stopped"
  fi
  [ "$(cat "$RUN/run.pid" 2>/dev/null)" = "$$" ] && rm -f "$RUN/run.pid"
}
trap 'stop; exit 130' INT
trap 'stop; exit 143' TERM
trap stop EXIT

jar() { echo "$1/target/$1-$VERSION-exec.jar"; }

# extract SERVICE: the jar unpacked into .run/app/SERVICE (Spring Boot's tools jar mode), again
# whenever the jar is newer. Plain jars load faster than nested ones, and class data sharing needs
# them: after a start with no archive, each service is started once more up to its refreshed
# context and stopped (-Dspring.context.exit=onRefresh, see record_cds), recording the classes it
# loaded into app.jsa (-XX:ArchiveClassesAtExit); every later start maps that archive instead of loading and verifying
# each class again (about a third less CPU to start, measured on gateway-service).
extract() {
  local dir=$APP/$1
  if [ ! -f "$dir/stamp" ] || [ "$(jar "$1")" -nt "$dir/stamp" ]; then
    rm -rf "$dir"
    java -Djarmode=tools -jar "$(jar "$1")" extract --destination "$dir" >/dev/null || fail "cannot extract $(jar "$1")"
    touch "$dir/stamp"
  fi
}
cds() {
  local archive=$APP/$1/app.jsa
  if [ -f "$archive" ]; then echo "-XX:SharedArchiveFile=$archive"; else echo "-Xshare:auto"; fi
}
# The broker's archive (kafka-local, run from its classpath): recorded like the services', by a
# broker started on free ports and a scratch directory, stopped once ready; forgotten when its jar
# or classpath changes. Measured by hand: ready in 2.8-3.9 s instead of 5.7-6.1 s, 3.5-4.1 s of CPU
# instead of 6.2-6.6 s, and everything else waits for the broker.
kafka_cds_fresh() {
  local archive=$APP/kafka-local/app.jsa
  mkdir -p "$APP/kafka-local"
  if [ -f "$archive" ] && { [ kafka-local/target/classpath.txt -nt "$archive" ] || [ "kafka-local/target/kafka-local-$VERSION.jar" -nt "$archive" ]; }; then
    rm -f "$archive"
  fi
}
record_kafka_cds() {
  local archive=$ROOT/$APP/kafka-local/app.jsa dir=$RUN/cds-kafka p i
  [ -f "$archive" ] && return
  rm -rf "$dir" "$dir.ready"
  nice -n 19 java "${JAVA_OPTS_COMMON[@]}" "${JAVA_OPTS_SERVICE[@]}" -XX:ArchiveClassesAtExit="$archive.tmp" -Xmn48m -Xmx512m \
    -cp "$(classpath kafka-local)" io.streamrag.kafkalocal.LocalKafkaMain 0 "$dir" "$dir.ready" >"$LOGS/kafka.cds.log" 2>&1 &
  p=$!
  for ((i = 0; i < 1200; i++)); do [ -f "$dir.ready" ] || ! kill -0 "$p" 2>/dev/null && break; sleep 0.1; done
  kill -TERM "$p" 2>/dev/null
  wait "$p" 2>/dev/null
  [ -f "$dir.ready" ] && [ -f "$archive.tmp" ] && mv -f "$archive.tmp" "$archive"
  rm -rf "$archive.tmp" "$dir" "$dir.ready"
}
# record_cds: after "ready", in the background at the lowest priority and one at a time, each
# service without an archive is started once more up to its refreshed context (its own HTTP and
# MQTT ports free ones), recording app.jsa for the next start. The first start after a build is
# never delayed by it; stopping run.sh stops it.
record_cds() {
  local s archive
  for s in "${SERVICES[@]}"; do
    archive=$ROOT/$APP/$s/app.jsa
    [ -f "$archive" ] && continue
    rm -rf "$RUN/cds-index" # retrieval-service's own index is locked by the one serving
    env PORT=0 BRIDGE_MQTT_PORT=0 RETRIEVAL_INDEX_PATH="$RUN/cds-index" timeout 300 nice -n 19 java "${JAVA_OPTS_COMMON[@]}" "${JAVA_OPTS_SERVICE[@]}" "${JIT[$s]}" \
      -XX:ArchiveClassesAtExit="$archive.tmp" -Dspring.context.exit=onRefresh -Xmn"${YOUNG[$s]}" -Xmx"${HEAP[$s]}" \
      -jar "$APP/$s/$(basename "$(jar "$s")")" --spring.profiles.active="$PROFILE" >"$LOGS/$s.cds.log" 2>&1 &&
      [ -f "$archive.tmp" ] && mv -f "$archive.tmp" "$archive"
    rm -f "$archive.tmp"
  done
  rm -rf "$RUN/cds-index"
  record_kafka_cds
}
classpath() { echo "$1/target/$1-$VERSION.jar:$(<"$1/target/classpath.txt")"; }

# launch NAME: start one process in the background, its output appended to its log so that the
# reason of an earlier death survives the restart. The command (classpath included) is expanded
# here, and the ready file removed, before the process starts: nothing this run waits on can be a
# leftover of an earlier run.
launch() {
  local n=$1 cmd
  case $n in
    kafka)
      rm -f "$RUN/kafka.ready"
      cmd=(java "${JAVA_OPTS_COMMON[@]}" "${JAVA_OPTS_SERVICE[@]}" "$(cds kafka-local)" -Xmn48m -Xmx512m -cp "$(classpath kafka-local)"
        io.streamrag.kafkalocal.LocalKafkaMain "$KAFKA_PORT" "$RUN/kafka" "$RUN/kafka.ready") ;;
    postgres)
      stop_stray_postmaster
      rm -f "$RUN/postgres.ready"
      # 128 MB: the first start on a machine unpacks the binaries (a 15 MB xz archive read into
      # memory, then decompressed: about 90 MB of heap; with 64 MB it ran out)
      # --detach: the JVM exits once the server is ready, and alive() watches the server itself
      cmd=(java "${JAVA_OPTS_COMMON[@]}" -Xmn16m -Xmx128m -cp "$(classpath postgres-local)"
        io.streamrag.postgreslocal.LocalPostgresMain "$RUN/postgres" "$PG_PORT" "$RUN/postgres.ready" --detach)
      STARTER[postgres]=yes ;;
    *)
      local s
      s=$(service_of "$n")
      cmd=(env PORT="$(port "$n")" MANAGEMENT_SERVER_PORT="$(mgmt "$n")" SERVER_ADDRESS="$BIND" MANAGEMENT_SERVER_ADDRESS=127.0.0.1
        BRIDGE_MQTT_HOST="$BIND" BRIDGE_MQTT_PORT="$(mqtt_port "$n")" RETRIEVAL_INDEX_PATH="$(index_dir "$n")"
        java "${JAVA_OPTS_COMMON[@]}" "${JAVA_OPTS_SERVICE[@]}" "${JIT[$s]}" "$(cds "$s")"
        -Xmn"${YOUNG[$s]}" -Xmx"${HEAP[$s]}" -jar "$APP/$s/$(basename "$(jar "$s")")" --spring.profiles.active="$PROFILE") ;;
  esac
  printf '===== %s run.sh starts %s =====\n' "$(date '+%F %T')" "$n" >>"$LOGS/$n.log"
  "${cmd[@]}" >>"$LOGS/$n.log" 2>&1 &
  PID[$n]=$!
  SINCE[$n]=$SECONDS
}

# ready NAME: the process answers. The broker and PostgreSQL: their port accepts connections and the
# ready file that this very process wrote exists. A service: its readiness probe says UP.
ready() {
  case $1 in
    kafka) [ -f "$RUN/kafka.ready" ] && in_use "$KAFKA_PORT" ;;
    postgres) [ -f "$RUN/postgres.ready" ] && in_use "$PG_PORT" ;;
    *) curl -sf -m 5 "http://127.0.0.1:$(mgmt "$1")/actuator/health/readiness" >/dev/null ;;
  esac
}

# alive NAME: its process runs. PostgreSQL is started by a JVM that exits once the server is ready
# (LocalPostgresMain --detach): while it starts, that JVM is watched; once it exited with the server
# ready, the server's own postmaster is (it is not our child: its end is seen by kill -0 alone).
alive() {
  local p=${PID[$1]} code
  if [ "$1" = postgres ] && [ -n "${STARTER[postgres]:-}" ]; then
    kill -0 "$p" 2>/dev/null && return 0
    wait "$p"
    code=$?
    STARTER[postgres]=""
    if [ $code -eq 0 ] && [ -f "$RUN/postgres.ready" ] && p=$(postmaster_pid); then
      PID[postgres]=$p
      return 0
    fi
    EXIT_CODE[postgres]=$code
    return 1
  fi
  kill -0 "$p" 2>/dev/null
}

# on_death NAME: say how the process ended, with its log's last lines, and plan its restart
on_death() {
  local n=$1 pid=${PID[$1]} code up how b
  if [ -n "${EXIT_CODE[$n]:-}" ]; then
    code=${EXIT_CODE[$n]}
    EXIT_CODE[$n]=""
  elif [ "$n" = postgres ]; then
    code="" # the postmaster, which is not our child: how it ended is in its log
  else
    wait "$pid"
    code=$?
  fi
  up=$((SECONDS - SINCE[$n]))
  how="code $code"
  [ -z "$code" ] && how="its server gone"
  [ -n "$code" ] && [ "$code" -gt 128 ] && how="$how (SIG$(kill -l $((code - 128)) 2>/dev/null))"
  PID[$n]=""
  DEATHS[$n]=$((${DEATHS[$n]:-0} + 1))
  say "$n (pid $pid) exited with $how after $up s; last lines of $LOGS/$n.log:"
  tail_log "$n"
  [ $PHASE = starting ] && [ "${DEATHS[$n]}" -ge $START_DEATHS ] &&
    fail "$n exited ${DEATHS[$n]} times during start-up, see $LOGS/$n.log"
  b=${BACKOFF[$n]:-0}
  if [ "$b" -eq 0 ] || [ $up -ge $STABLE_AFTER ]; then b=1; else b=$((b * 2 > BACKOFF_MAX ? BACKOFF_MAX : b * 2)); fi
  BACKOFF[$n]=$b
  RESTART_AT[$n]=$((SECONDS + b))
  DIED_AT[$n]=$SECONDS
  say "restarting $n in $b s"
}

# supervise: one round over every process started so far: notice deaths, restart those that are
# due, and say when a restarted process answers again
supervise() {
  local n
  for n in "${NAMES[@]}"; do
    if [ -n "${PID[$n]:-}" ]; then
      alive "$n" || on_death "$n"
    elif [ -n "${RESTART_AT[$n]:-}" ] && [ -f "$RUN/hold/$n" ]; then
      [ -z "${HELD[$n]:-}" ] && say "$n is held ($RUN/hold/$n): not restarted until that file is gone"
      HELD[$n]=yes
    elif [ -n "${RESTART_AT[$n]:-}" ] && [ $SECONDS -ge "${RESTART_AT[$n]}" ]; then
      HELD[$n]=""
      RESTART_AT[$n]=""
      launch "$n"
      say "restarted $n (pid ${PID[$n]}), restart number ${DEATHS[$n]}"
    fi
    if [ $PHASE = serving ] && [ -n "${DIED_AT[$n]:-}" ] && [ -n "${PID[$n]:-}" ] && ready "$n"; then
      say "$n is ready again, $((SECONDS - DIED_AT[$n])) s after it exited"
      DIED_AT[$n]=""
    fi
  done
}

# await NAME DEADLINE: supervise until NAME answers; past DEADLINE (in $SECONDS), fail with its log.
# Loops that supervise send bash's own stderr to /dev/null: its "Killed" notice for a dead child
# would only repeat what on_death says (everything run.sh says goes to stdout).
await() {
  until [ -n "${PID[$1]:-}" ] && ready "$1"; do
    supervise
    [ $SECONDS -gt "$2" ] && { tail_log "$1"; fail "$1 not ready after $(($2 - ${SINCE[$1]})) s, see $LOGS/$1.log"; }
    sleep 0.5
  done 2>/dev/null
}

# 0. options and sanity; one run.sh per checkout, and what a killed earlier one left behind goes
mkdir -p "$LOGS"
command -v java >/dev/null || fail "java not found: install JDK 17"
other=$(cat "$RUN/run.pid" 2>/dev/null)
[ -n "$other" ] && ps -o args= -p "$other" 2>/dev/null | grep -q run.sh && fail "./run.sh already runs in this checkout (pid $other)"
echo $$ >"$RUN/run.pid"
stop_stray_postmaster
while [ $# -gt 0 ]; do
  case $1 in
    --fresh) rm -rf "$RUN/kafka" "$RUN"/index "$RUN"/index-[0-9] "$RUN/postgres" ;;
    --public) STREAMRAG_PUBLIC=1 ;;
    --replicas)
      [[ "${2:-}" =~ ^[1-3]$ ]] || fail "--replicas takes 1, 2 or 3"
      REPLICAS=$2
      shift ;;
    *) fail "unknown option $1 (./run.sh [--fresh] [--public] [--replicas 2])" ;;
  esac
  shift
done
for ((r = 2; r <= REPLICAS; r++)); do for s in "${SERVICES[@]}"; do INSTANCES+=("$s-$r"); done; done
NAMES=(kafka postgres "${INSTANCES[@]}")
if [ "${STREAMRAG_PUBLIC:-0}" = 1 ]; then
  BIND=0.0.0.0
  say "--public: HTTP and MQTT listen on every interface, with the $PROFILE profile's keys (actuators stay on loopback)"
fi
rm -rf "$RUN/hold" # a hold is for the run that saw it made
for p in "$KAFKA_PORT" "$PG_PORT" $(for n in "${INSTANCES[@]}"; do port "$n"; mgmt "$n"; done) $(for n in "${INSTANCES[@]}"; do [ "$(service_of "$n")" = sensor-bridge ] && mqtt_port "$n"; done); do
  in_use "$p" && fail "port $p is in use$(h=$(holder "$p") && [ -n "$h" ] && echo " by $h") (another ./run.sh? set KAFKA_PORT or PG_PORT for the infrastructure)"
done
for n in "${NAMES[@]}"; do [ -s "$LOGS/$n.log" ] && mv -f "$LOGS/$n.log" "$LOGS/$n.log.1"; done

# 1. build what is needed
stale=no
for s in "${SERVICES[@]}"; do [ -f "$(jar "$s")" ] || stale=yes; done
[ -f kafka-local/target/classpath.txt ] && [ -f postgres-local/target/classpath.txt ] && [ -f "$RUN/build.stamp" ] || stale=yes
if [ $stale = no ] && [ -n "$(find . -path ./.run -prune -o -path '*/target' -prune -o \( -name '*.java' -o -name '*.avsc' -o -name '*.yml' -o -path '*/src/*.md' -o -name 'pom.xml' \) -newer "$RUN/build.stamp" -print -quit)" ]; then stale=yes; fi
if [ $stale = yes ]; then
  say "building (./mvnw package, tests skipped)..."
  ./mvnw -q -B -DskipTests -Dspotless.check.skip package >"$LOGS/build.log" 2>&1 || { tail -30 "$LOGS/build.log"; fail "build failed, see $LOGS/build.log"; }
  touch "$RUN/build.stamp"
fi

# Memory: the serial collector, a young generation of a fixed size whatever the heap (YOUNG; the
# default third of the heap is touched within seconds and stays resident), the old generation given
# back when mostly free, and two malloc arenas instead of one per thread per core. Memory that glibc
# keeps after the JIT and class loading freed it is given back every 10 s (TrimNativeHeapInterval;
# 77 MB across the processes when tried once by hand). The initial heap stays the JVM's default:
# with -Xms64m the serial collector did 6-8 full collections per service during start-up (2-2.8 s
# of pauses each, on the way to ready) instead of expanding the old generation.
JAVA_OPTS_COMMON=(-XX:+UseSerialGC -Xss512k -XX:MaxMetaspaceSize=256m -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=30)
# the flag came with JDK 17.0.9: an older JDK 17 would refuse to start with it
java -XX:TrimNativeHeapInterval=10000 -version >/dev/null 2>&1 && JAVA_OPTS_COMMON+=(-XX:TrimNativeHeapInterval=10000)
JAVA_OPTS_SERVICE=(-Xlog:cds=off -Xlog:cds+dynamic=off -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0)
export MALLOC_ARENA_MAX=2
APP=$RUN/app
for s in "${SERVICES[@]}"; do extract "$s"; done
kafka_cds_fresh
export KAFKA_BOOTSTRAP_SERVERS=localhost:$KAFKA_PORT RETRIEVAL_INDEX_PATH=$RUN/index DJL_CACHE_DIR=$RUN/djl
export DATABASE_URL=${DATABASE_URL:-jdbc:postgresql://localhost:$PG_PORT/postgres}

# 2. the broker, with the catalogue's topics, and PostgreSQL, side by side, and the services beside
#    them: a service's JVM and Spring context take seconds before they first need the broker, and
#    wait for it (and for topics not created yet, CatalogueTopics) when they get there; the broker
#    alone used one core for 4-5 s. Each is waited on through its port and a ready file its process
#    writes, never through a log line of an earlier run.
say "starting Kafka (KRaft) on $KAFKA_PORT, PostgreSQL on $PG_PORT and ${INSTANCES[*]}..."
launch kafka
launch postgres
# 3. the services, all at once
for n in "${INSTANCES[@]}"; do launch "$n"; done
await kafka $((SECONDS + 120))
await postgres $((SECONDS + 120))

# 4. ready when every service says so and the demo knowledge is searchable
deadline=$((SECONDS + 300))
for n in "${INSTANCES[@]}"; do await "$n" $deadline; done
# health details need the admin token (the demo profile's; RETRIEVAL_ADMIN_TOKEN for another profile)
chunks() { curl -s -m 5 -H "Authorization: Bearer ${RETRIEVAL_ADMIN_TOKEN:-dev-admin-token}" "http://127.0.0.1:$(mgmt "$1")/actuator/health" | grep -o '"chunks":[0-9]*' | grep -o '[0-9]*$'; }
# every retrieval instance has an index of its own: each must hold the same, positive chunk count
all_chunks() {
  local n c all=""
  for n in "${INSTANCES[@]}"; do
    [ "$(service_of "$n")" = retrieval-service ] || continue
    c=$(chunks "$n")
    [ -n "$all" ] && [ "$c" != "$all" ] && { echo ""; return; }
    all=$c
  done
  echo "$all"
}
prev=-1; stable=0
while [ "$stable" -lt 4 ]; do # the chunk count must be positive and unchanged for 2 s
  now=$(all_chunks); [ -n "$now" ] && [ "$now" -gt 0 ] && [ "$now" = "$prev" ] && stable=$((stable + 1)) || stable=0
  prev=${now:-0}; sleep 0.5
  supervise
  [ $SECONDS -gt $deadline ] && fail "the demo knowledge was not indexed after 300 s, see $LOGS/ingest-service.log"
done 2>/dev/null

# 4b. the demo field, so its irrigation card and 7-day chart work at once: a weather station beside
#     it with a week of records, its profile, forecast and a week of readings (tools/demo-field.sh)
tools/demo-field.sh "http://127.0.0.1:${PORT[sensor-bridge]}" >"$LOGS/demo-field.log" 2>&1 ||
  say "the demo field was not set up: $(tail -1 "$LOGS/demo-field.log")"

# Memory of the JVMs and their children, and of PostgreSQL's server processes (detached from their
# JVM): the sum of RSS counts a page shared by several processes (the JDK's class archive and
# libjvm in every JVM, PostgreSQL's shared buffers in each of its processes) once per process;
# PSS divides each shared page among its sharers, so its sum is what the set occupies.
rss=0 pss=0
for p in "${PID[kafka]}" $(for n in "${INSTANCES[@]}"; do echo "${PID[$n]}"; done) $(postmaster_pid); do
  for q in "$p" $(ps -o pid= --ppid "$p" 2>/dev/null); do
    rss=$((rss + $(ps -o rss= -p "$q" 2>/dev/null || echo 0)))
    pss=$((pss + $(awk '/^Pss:/ {print $2}' "/proc/$q/smaps_rollup" 2>/dev/null || echo 0)))
  done
done
cat <<TXT

Listening on $BIND (./run.sh --public for every interface); actuators on 9080-9084$([ "$REPLICAS" -gt 1 ] && echo " and 9180-9184 ($REPLICAS instances of each service: ports + 10, MQTT 1893)"), loopback only.
Demo credentials (demo profile only, which run.sh chose): API key dev-farmer-key owns sensor 550e8400-e29b-41d4-a716-446655440000;
dev-other-key owns 6fa459ea-ee8a-3ca4-894e-db77e160355e; device token dev-device-token publishes for both;
weather station demo-station (token dev-station-token-for-the-demo) is the first sensor's, with a week of days.

Post a reading over HTTP, or over MQTT (mosquitto_pub from Debian's mosquitto-clients):
  curl -X POST http://localhost:8081/api/sensors/550e8400-e29b-41d4-a716-446655440000/readings -H 'Authorization: Bearer dev-device-token' -H 'Content-Type: application/json' -d '{"ts":"'\$(date -u +%Y-%m-%dT%H:%M:%SZ)'","soil_moisture":12.5,"temperature":21.5,"ph":6.8}'
  mosquitto_pub -h localhost -p 1883 -u demo-device -P dev-device-token -q 1 -t sensors/550e8400-e29b-41d4-a716-446655440000/readings -m '{"ts":"'\$(date -u +%Y-%m-%dT%H:%M:%SZ)'","soil_moisture":14.2}'
Admin token dev-admin-token: device registry and any sensor's profile and forecast (port 8081),
live prompts: curl -H 'Authorization: Bearer dev-admin-token' http://localhost:8082/admin/pipelines/croplogic
TXT
say "ready in $(($(date +%s) - started)) s ($prev chunks indexed, $((${#NAMES[@]} - 1)) JVMs and PostgreSQL, $((rss / 1024)) MiB RSS, $((pss / 1024)) MiB PSS): curl -N -X POST http://localhost:8080/api/rag/chat -H 'Authorization: Bearer dev-farmer-key' -H 'Content-Type: application/json' -d '{\"message\":\"رطوبت خاک من چقدر است؟\",\"sensor_uuid\":\"550e8400-e29b-41d4-a716-446655440000\"}'"

# class data archives for the next start, if this one had none (see extract)
if [ -n "$(for s in "${SERVICES[@]}" kafka-local; do [ -f "$APP/$s/app.jsa" ] || echo "$s"; done)" ]; then
  say "recording class data archives in the background, for faster later starts"
  record_cds &
  CDS_PID=$!
fi

# 5. supervise until Ctrl-C: whatever dies is restarted with back-off while the rest keeps serving
PHASE=serving
while :; do
  supervise
  sleep 1
done 2>/dev/null
