#!/usr/bin/env bash
# Writes server.properties (single node, KRaft) from the environment, formats the data directory on
# first start (kafka-storage format), then runs the broker in the foreground.
#   KAFKA_ADVERTISED_HOST  the name other containers reach this one by (default: the hostname)
#   KAFKA_DATA_DIR         log.dirs (a volume)
set -euo pipefail
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
if [ ! -f "$data/meta.properties" ]; then
  id=$(java -cp "$cp" kafka.tools.StorageTool random-uuid)
  java -cp "$cp" kafka.tools.StorageTool format -t "$id" -c "$props"
fi
# shellcheck disable=SC2086
exec java ${JAVA_OPTS:-} -cp "$cp" kafka.Kafka "$props"
