#!/usr/bin/env bash
# The system tests on a broker in a container: the Maven profile `testcontainers`, where Testcontainers'
# Kafka module runs our own broker image (deploy/images/kafka) as a stand-in for apache/kafka, and
# podman's Docker-compatible API stands in for a Docker engine.
#   1. the API: $DOCKER_HOST when set; else unix:///run/podman/podman.sock, where this script starts
#      `podman system service` if nothing answers, and stops that service (by its pid) at the end
#   2. the image: $KAFKA_IMAGE (default localhost/streamrag-kafka:dev); when missing, the jars are
#      packaged and deploy/build-images.sh builds it (BASE_JRE_IMAGE / BASE_OS_IMAGE as there)
#   3. ./mvnw verify of system-tests and the modules it needs, under the profile, running only the
#      system tests (the other modules' tests do not use the broker in the container)
# Arguments go to Maven, e.g. tools/testcontainers-verify.sh -Dtest=WholeFlowTest
#
# Machine setup (ours has it; a CI machine needs the same): apt-get install -y podman runc, run as root
# (the socket is /run/podman/podman.sock). The service this script starts runs containers with runc and
# without default ulimits (crun and setrlimit fail on cgroup v1) through a containers.conf of its own
# (CONTAINERS_CONF), as deploy/compose-check.sh does. A service started otherwise (systemd's
# podman.socket, or your own DOCKER_HOST) needs the same in /etc/containers/containers.conf:
#   [containers]
#   default_ulimits = []
#   [engine]
#   runtime = "runc"
set -euo pipefail
cd "$(dirname "$0")/.."
t0=$SECONDS
say() { printf '%s testcontainers-verify: %s\n' "$(date +%H:%M:%S)" "$*"; }
read -ra podman <<<"${PODMAN:-podman --runtime runc}"
image=${KAFKA_IMAGE:-localhost/streamrag-kafka:dev}
sock=/run/podman/podman.sock
docker_host=${DOCKER_HOST:-unix://$sock}
service_pid=""
conf=""
stop_service() {
  if [ -n "$service_pid" ]; then
    say "stopping the podman API service it started (pid $service_pid)"
    kill "$service_pid" 2>/dev/null || true
    wait "$service_pid" 2>/dev/null || true
  fi
  [ -n "$conf" ] && rm -f "$conf"
  return 0
}
trap stop_service EXIT

answers() { # the Docker API on a unix socket says OK to _ping
  [ -S "$1" ] && [ "$(curl -s --max-time 5 --unix-socket "$1" http://d/_ping)" = OK ]
}

if [ -z "${DOCKER_HOST:-}" ] && ! answers "$sock"; then
  conf=$(mktemp)
  printf '[containers]\ndefault_ulimits = []\n[engine]\nruntime = "runc"\n' >"$conf"
  mkdir -p target "$(dirname "$sock")"
  say "starting podman system service on unix://$sock (log: target/podman-service.log)"
  CONTAINERS_CONF=$conf "${podman[@]}" system service --time=0 "unix://$sock" >target/podman-service.log 2>&1 &
  service_pid=$!
  for _ in $(seq 1 50); do answers "$sock" && break; sleep 0.2; done
  answers "$sock" || { say "FAIL: the podman API service does not answer on $sock"; exit 1; }
fi
say "Docker API: $docker_host"

if ! "${podman[@]}" image exists "$image"; then
  [ "$image" = localhost/streamrag-kafka:dev ] || { say "FAIL: no image $image"; exit 1; }
  say "no $image: packaging the jars and building the images"
  ./mvnw -q -B -DskipTests -Dspotless.check.skip package
  deploy/build-images.sh "${BASE_JRE_IMAGE:-eclipse-temurin:17-jre}" "${BASE_OS_IMAGE:-debian:bookworm-slim}"
fi
"${podman[@]}" run --rm --no-healthcheck --entrypoint test "$image" -x /etc/kafka/docker/run || {
  say "FAIL: $image has no /etc/kafka/docker/run (built before the image honoured Testcontainers):"
  say "  ./mvnw -q -B -DskipTests -Dspotless.check.skip package && deploy/build-images.sh [BASE_JRE [BASE_OS]]"
  exit 1
}
say "broker image: $image"

# -am builds what system-tests depends on from this checkout; -Dtest keeps those modules' own tests
# from running, and leaves SecuredKafkaTest out (in-process only: see system-tests/pom.xml)
status=0
./mvnw -B -pl system-tests -am verify -Ptestcontainers -Dspotless.check.skip \
  -Dtestcontainers.docker.host="$docker_host" -Dtestcontainers.kafka.image="$image" \
  '-Dtest=io.streamrag.system.*Test,!SecuredKafkaTest' -Dsurefire.failIfNoSpecifiedTests=false \
  "$@" || status=$?
if [ "$status" = 0 ]; then
  say "PASS in $((SECONDS - t0)) s"
else
  say "FAIL (Maven exit $status) in $((SECONDS - t0)) s"
fi
exit "$status"
