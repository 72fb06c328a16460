#!/usr/bin/env bash
# Writes server.properties (single node, KRaft) from the environment, formats the data directory on
# first start (kafka-storage format), then runs the broker in the foreground.
#   KAFKA_ADVERTISED_HOST  the name other containers reach this one by (default: the hostname)
#   KAFKA_DATA_DIR         log.dirs (a volume)
# Given arguments (a command in place of the image's default), runs them instead: Testcontainers
# starts its containers with `sh -c …`.
# Started as /etc/kafka/docker/run (docker-run.sh, BROKER_CONFIG_FROM_ENV=1), apache/kafka's image
# conventions apply on top of the settings below, for tools written for that image (Testcontainers'
# KafkaContainer): every other KAFKA_* variable is a broker property (KAFKA_LISTENERS -> listeners;
# `_` -> `.`, `__` -> `_`, `___` -> `-`), CLUSTER_ID the cluster id a new data directory is formatted
# with, KAFKA_HEAP_OPTS and KAFKA_OPTS JVM options, and the broker logs at INFO (apache/kafka's level:
# Testcontainers waits for the line that says the broker is RUNNING).
set -euo pipefail
if [ $# -gt 0 ]; then
  exec "$@"
fi
data=${KAFKA_DATA_DIR:-/var/lib/kafka}
host=${KAFKA_ADVERTISED_HOST:-$(hostname)}
cp=/opt/kafka/lib/*
props=/tmp/server.properties
cat >"$props" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@localhost:9093
listeners=PLAINTEXT://0.0.0.0:9092,CONTROLLER://localhost:9093
advertised.listeners=PLAINTEXT://${host}:9092
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=${data}
auto.create.topics.enable=false
offsets.topic.replication.factor=1
offsets.topic.num.partitions=3
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
log.cleaner.dedupe.buffer.size=8388608
PROPS
cluster_id=
if [ "${BROKER_CONFIG_FROM_ENV:-0}" = 1 ]; then
  for name in $(compgen -e); do
    case $name in
      # ours, and the ones apache/kafka's image reads as JVM or logging options, not properties
      KAFKA_ADVERTISED_HOST | KAFKA_DATA_DIR | KAFKA_HEAP_OPTS | KAFKA_OPTS | KAFKA_JVM_PERFORMANCE_OPTS | \
        KAFKA_GC_LOG_OPTS | KAFKA_JMX_* | KAFKA_LOG4J_* | KAFKA_TOOLS_LOG4J_LOGLEVEL | KAFKA_VERSION) continue ;;
      KAFKA_*) ;;
      *) continue ;;
    esac
    key=${name#KAFKA_}
    key=${key,,}
    key=${key//___/-}
    key=${key//__/$'\x01'}
    key=${key//_/.}
    key=${key//$'\x01'/_}
    grep -v "^${key//./\\.}=" "$props" >"$props.new" || true
    printf '%s=%s\n' "$key" "${!name}" >>"$props.new"
    mv "$props.new" "$props"
  done
  data=$(sed -n 's/^log\.dirs=//p' "$props")
  data=${data%%,*}
  cluster_id=${CLUSTER_ID:-}
  JAVA_OPTS="${JAVA_OPTS:-} ${KAFKA_HEAP_OPTS:-} ${KAFKA_OPTS:-} -Dlogback.configurationFile=/opt/kafka/logback-info.xml"
fi
if [ ! -f "$data/meta.properties" ]; then
  id=${cluster_id:-$(java -cp "$cp" kafka.tools.StorageTool random-uuid)}
  java -cp "$cp" kafka.tools.StorageTool format -t "$id" -c "$props"
fi
# shellcheck disable=SC2086
exec java ${JAVA_OPTS:-} -cp "$cp" kafka.Kafka "$props"
