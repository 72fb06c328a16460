#!/usr/bin/env bash
# CI's container check (.ci/run, after `./mvnw verify` made the jars): base images from Debian
# packages, then deploy/compose-check.sh (images, the whole compose stack, the smoke checks, tear
# down). A stack that fails fails CI. A machine that cannot run containers at all (not root, no
# packages, no container runtime) is said so loudly and skipped, unless STREAMRAG_REQUIRE_CONTAINERS=1.
set -uo pipefail
cd "$(dirname "$0")/.."
skip() {
  echo "=== compose check NOT RUN: $*"
  [ -n "${STREAMRAG_REQUIRE_CONTAINERS:-}" ] && exit 1
  echo "=== (set STREAMRAG_REQUIRE_CONTAINERS=1 to fail instead)"
  exit 0
}
log=$(mktemp)
[ "$(id -u)" = 0 ] || skip "not root: apt, debootstrap and podman need root here"
deploy/base-images.sh >"$log" 2>&1 || skip "no base images could be made: $(tail -3 "$log")"
podman --runtime runc run --rm --network none localhost/debian:bookworm true >"$log" 2>&1 \
  || skip "this machine cannot run a container: $(tail -3 "$log")"
rm -f "$log"
exec deploy/compose-check.sh
