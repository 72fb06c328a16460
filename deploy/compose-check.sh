#!/usr/bin/env bash
# Builds the images, checks that an image left to its defaults (the production profile) refuses to
# start without its secrets, starts the whole compose stack with podman in the demo profile, checks
# that its ports are published on loopback only and its actuators not at all, that the topics tool
# ships in the service image, runs the smoke checks against it (deploy/smoke-compose.sh: the checks
# of ../shared/tools/smoke.sh on ports 8080-8084), and always tears the stack down (containers,
# network and volumes). Exit code 0 = PASS.
#
# Needs (Debian; no Docker engine, no image registry here):
#   apt-get install -y podman runc debootstrap podman-compose
#   /etc/containers/containers.conf: [containers] default_ulimits = []   (crun and setrlimit fail on cgroup v1)
# deploy/base-images.sh makes localhost/debian:bookworm and localhost/jre:17 from Debian packages
# (and does the two steps above); set BASE_JRE_IMAGE / BASE_OS_IMAGE to use public images instead.
#
#   deploy/compose-check.sh            the jars must exist: ./mvnw -q -B -DskipTests -Dspotless.check.skip package
#   KEEP=1 deploy/compose-check.sh     leave the stack running (tear down: podman-compose -p streamrag-check down -v)
set -uo pipefail
cd "$(dirname "$0")/.."
t0=$SECONDS
say() { printf '%s compose-check: %s\n' "$(date +%H:%M:%S)" "$*"; }
export PODMAN="podman --runtime runc"
project=${COMPOSE_PROJECT:-streamrag-check}
compose=(podman-compose -p "$project" -f docker-compose.yml)
# podman-compose calls plain `podman`: make runc its runtime through containers.conf for this run
conf=$(mktemp); printf '[containers]\ndefault_ulimits = []\n[engine]\nruntime = "runc"\n' >"$conf"
export CONTAINERS_CONF=$conf

if [ -z "${BASE_JRE_IMAGE:-}" ]; then
  say "local base images (no registry answers here)..."
  read -r BASE_OS_IMAGE BASE_JRE_IMAGE < <(deploy/base-images.sh | tail -1) || { say "FAIL base images"; exit 1; }
fi
say "building images on $BASE_JRE_IMAGE / $BASE_OS_IMAGE..."
deploy/build-images.sh "$BASE_JRE_IMAGE" "${BASE_OS_IMAGE:-debian:bookworm-slim}" || { say "FAIL image build"; exit 1; }
built=$SECONDS
tag=${STREAMRAG_TAG:-dev}

say "an image left to its defaults (the production profile) must refuse to start without its secrets..."
refusal=$(timeout 120 podman run --rm --network none "localhost/streamrag-gateway-service:$tag" 2>&1)
if [ $? -eq 0 ] || ! grep -q GATEWAY_ADMIN_KEY_SHA256 <<<"$refusal"; then
  printf '%s\n' "$refusal" | tail -15; say "FAIL the production default started, or did not name its missing secret"; exit 1
fi

logs() {
  local c
  for c in $(podman ps -a --format '{{.Names}}' --filter "label=io.podman.compose.project=$project"); do
    echo "----- $c ($(podman inspect -f '{{.State.Status}} exit={{.State.ExitCode}} restarts={{.RestartCount}}' "$c" 2>/dev/null))"
    podman logs --tail 15 "$c" 2>&1 | sed 's/^/    | /'
  done
}
down() {
  trap - EXIT INT TERM
  [ -n "${KEEP:-}" ] && { say "KEEP=1: stack left running"; rm -f "$conf"; return; }
  say "tearing down..."
  "${compose[@]}" down -v >/dev/null 2>&1
  podman volume ls -q | grep "^${project}_" | xargs -r podman volume rm -f >/dev/null 2>&1
  podman network rm -f "${project}_default" >/dev/null 2>&1
  rm -f "$conf"
}
trap down EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

"${compose[@]}" down -v >/dev/null 2>&1 # an earlier, killed run's leftovers
say "starting the stack (project $project, demo profile)..."
export STREAMRAG_PROFILE=demo POSTGRES_PASSWORD=compose-check-$RANDOM$RANDOM
"${compose[@]}" up -d >"${TMPDIR:-/tmp}/$project-up.log" 2>&1 || { cat "${TMPDIR:-/tmp}/$project-up.log"; say "FAIL compose up"; exit 1; }
up=$SECONDS
# published on 127.0.0.1 only; the actuators (port + 1000) not at all
exposed() {
  local c
  for c in gateway-service sensor-bridge ingest-service retrieval-service llm-service; do
    podman port "${project}_${c}_1" | grep -v ' -> 127\.0\.0\.1:' && return 0
  done
  curl -s -m 3 -o /dev/null "http://127.0.0.1:9080/actuator/prometheus" && return 0
  return 1
}
export ACTUATOR="container_exec"
container_exec() { local c=$1; shift; podman exec "${project}_${c}_1" "$@"; }
export -f container_exec
export project
if exposed; then
  say "FAIL a port is published beyond loopback, or an actuator is published"; exit 1
elif deploy/smoke-compose.sh 127.0.0.1; then
  # the topics tool ships in the service image and reads the catalogue's topics
  podman exec "${project}_gateway-service_1" streamrag-topics --bootstrap kafka:9092 tail sensor.readings --from-beginning --max 1 | grep -q '"partition"' \
    || { say "FAIL the topics tool in the service image"; logs; exit 1; }
  # the images' own HEALTHCHECKs, run once now (podman runs them on a timer only under systemd)
  for c in kafka postgres gateway-service sensor-bridge ingest-service retrieval-service llm-service; do
    podman healthcheck run "${project}_${c}_1" >/dev/null 2>&1 || { say "FAIL healthcheck of $c"; logs; exit 1; }
  done
  say "PASS in $((SECONDS - t0)) s (images $((built - t0)) s, compose up $((up - built)) s, ready and smoke $((SECONDS - up)) s)"
else
  logs
  say "FAIL after $((SECONDS - t0)) s"
  exit 1
fi
