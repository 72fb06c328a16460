package io.streamrag.deploycheck;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.util.List;
import java.util.Map;

/**
 * KEDA's resources (keda.sh/v1alpha1), as far as our manifests use them: no Java model of them is
 * published, so these records are the schema, and an unknown field fails the strict parse.
 */
final class Keda {

  private Keda() {}

  record ScaledObject(String apiVersion, String kind, ObjectMeta metadata, ScaledObjectSpec spec) {}

  record ScaledObjectSpec(
      ScaleTargetRef scaleTargetRef,
      Integer pollingInterval,
      Integer cooldownPeriod,
      Integer minReplicaCount,
      Integer maxReplicaCount,
      List<Trigger> triggers) {}

  record ScaleTargetRef(String apiVersion, String kind, String name) {}

  /**
   * A trigger; for {@code kafka}, the metadata keys are checked against {@link #KAFKA_METADATA}.
   */
  record Trigger(
      String type,
      String name,
      Map<String, String> metadata,
      AuthenticationRef authenticationRef) {}

  record AuthenticationRef(String name, String kind) {}

  record TriggerAuthentication(
      String apiVersion, String kind, ObjectMeta metadata, TriggerAuthenticationSpec spec) {}

  record TriggerAuthenticationSpec(List<SecretTargetRef> secretTargetRef) {}

  record SecretTargetRef(String parameter, String name, String key) {}

  /** The kafka scaler's trigger metadata (KEDA 2.17 docs, "Apache Kafka"). */
  static final java.util.Set<String> KAFKA_METADATA =
      java.util.Set.of(
          "bootstrapServers",
          "consumerGroup",
          "topic",
          "lagThreshold",
          "activationLagThreshold",
          "offsetResetPolicy",
          "allowIdleConsumers",
          "scaleToZeroOnInvalidOffset",
          "excludePersistentLag",
          "limitToPartitionsWithLag",
          "ensureEvenDistributionOfPartitions",
          "version",
          "partitionLimitation",
          "sasl",
          "tls",
          "unsafeSsl");

  /** The kafka scaler's authentication parameters (same page). */
  static final java.util.Set<String> KAFKA_AUTH_PARAMETERS =
      java.util.Set.of("sasl", "username", "password", "tls", "ca", "cert", "key", "keyPassword");
}
