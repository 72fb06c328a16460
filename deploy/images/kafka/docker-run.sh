#!/usr/bin/env bash
# apache/kafka's entry point, at the path that image has it (/etc/kafka/docker/run): Testcontainers'
# KafkaContainer, given this image as a compatible substitute for apache/kafka, starts the broker by
# running it after exporting KAFKA_ADVERTISED_LISTENERS. Runs our broker with that image's
# conventions: KAFKA_* variables as broker properties, CLUSTER_ID (see kafka-broker.sh).
export BROKER_CONFIG_FROM_ENV=1
exec bash /opt/kafka/kafka-broker.sh
