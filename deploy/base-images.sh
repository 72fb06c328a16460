#!/usr/bin/env bash
# Base images for deploy/build-images.sh on a machine where no image registry answers (our build and
# CI machines), made from Debian's packages alone (the recipe of ../shared/tools/container-base.sh,
# kept here so that a clean checkout needs nothing beside it):
#   localhost/debian:bookworm  debootstrap --variant=minbase, imported       (~25 s)
#   localhost/jre:17           that + openjdk-17-jre-headless + curl          (~35 s)
# Installs podman, runc, debootstrap and podman-compose when missing (root; apt), and sets podman up
# for cgroup v1 (runc, no default ulimits). Idempotent: existing images are kept unless --force.
# Prints "<os image> <jre image>" as its last line.
set -euo pipefail
force=${1:-}
need=()
for c in podman runc debootstrap podman-compose; do command -v "$c" >/dev/null || need+=("$c"); done
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
conf=/etc/containers/containers.conf
if ! grep -qs 'default_ulimits' "$conf"; then
  mkdir -p "$(dirname "$conf")"
  printf '[containers]\ndefault_ulimits = []\n' >>"$conf"
fi
podman=(podman --runtime runc)
mirror=$({ grep -hoE 'https?://[^ ]*debian/?$' /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null \
  || true; } | grep -v security | head -1 || true)
mirror=${mirror:-http://deb.debian.org/debian}
has() { "${podman[@]}" image exists "$1"; }
if [ "$force" = --force ] || ! has localhost/debian:bookworm; then
  root=$(mktemp -d)
  debootstrap --variant=minbase bookworm "$root" "$mirror" >/dev/null
  tar -C "$root" -c . | "${podman[@]}" import - localhost/debian:bookworm >/dev/null
  rm -rf "$root"
fi
if [ "$force" = --force ] || ! has localhost/jre:17; then
  ctx=$(mktemp -d)
  cat >"$ctx/Containerfile" <<'CONTAINERFILE'
FROM localhost/debian:bookworm
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends openjdk-17-jre-headless curl ca-certificates >/dev/null \
 && rm -rf /var/lib/apt/lists/*
CONTAINERFILE
  "${podman[@]}" build --network host -q -t localhost/jre:17 "$ctx" >/dev/null
  rm -rf "$ctx"
fi
echo "localhost/debian:bookworm localhost/jre:17"
