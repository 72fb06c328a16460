package io.streamrag.deploycheck;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Volume;
import io.strimzi.api.kafka.model.kafka.listener.GenericKafkaListener;
import io.strimzi.api.kafka.model.kafka.listener.KafkaListenerAuthenticationScramSha512;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Each service reaches the broker as its own KafkaUser: the bootstrap address is the SCRAM
 * listener's, the config tree SPRING_CONFIG_IMPORT names is mounted and holds the shared client
 * settings (protocol matching the listener's TLS) and the service's own sasl.jaas.config, and the
 * trust store is the cluster CA's.
 */
final class KafkaClientCheck {

  static final String JAAS = "spring.kafka.properties.sasl.jaas.config";

  private KafkaClientCheck() {}

  static List<String> problems(Rendered r, Map<String, ServiceConfig> services) {
    var problems = new ArrayList<String>();
    var kafka = r.kafka();
    var listener = scramListener(r);
    if (listener.isEmpty()) {
      return List.of("the Kafka cluster has no SCRAM-SHA-512 listener");
    }
    String bootstrap =
        kafka.getMetadata().getName() + "-kafka-bootstrap:" + listener.get().getPort();
    String protocol = listener.get().isTls() ? "SASL_SSL" : "SASL_PLAINTEXT";
    services
        .keySet()
        .forEach(
            service ->
                r.service(service)
                    .ifPresent(
                        workload -> {
                          var app = workload.app();
                          var env = new java.util.HashMap<String, String>();
                          app.getEnv().forEach(e -> env.put(e.getName(), e.getValue()));
                          if (!bootstrap.equals(env.get("KAFKA_BOOTSTRAP_SERVERS"))) {
                            problems.add(
                                service
                                    + " connects to "
                                    + env.get("KAFKA_BOOTSTRAP_SERVERS")
                                    + ", the listener is "
                                    + bootstrap);
                          }
                          String tree =
                              env.getOrDefault("SPRING_CONFIG_IMPORT", "")
                                  .replaceFirst("^configtree:", "")
                                  .replaceAll("/$", "");
                          var mount =
                              app.getVolumeMounts().stream()
                                  .filter(m -> m.getMountPath().replaceAll("/$", "").equals(tree))
                                  .findFirst();
                          var volume =
                              mount.flatMap(
                                  m ->
                                      workload.template().getSpec().getVolumes().stream()
                                          .filter(v -> v.getName().equals(m.getName()))
                                          .findFirst());
                          if (tree.isEmpty()
                              || volume.isEmpty()
                              || volume.get().getProjected() == null) {
                            problems.add(
                                service + ": SPRING_CONFIG_IMPORT names no mounted config tree");
                            return;
                          }
                          var properties = treeProperties(r, volume.get(), problems, service);
                          if (!protocol.equals(properties.get("spring.kafka.security.protocol"))) {
                            problems.add(
                                service
                                    + " uses protocol "
                                    + properties.get("spring.kafka.security.protocol")
                                    + ", the listener needs "
                                    + protocol);
                          }
                          if (!"SCRAM-SHA-512"
                              .equals(properties.get("spring.kafka.properties.sasl.mechanism"))) {
                            problems.add(service + " does not use SCRAM-SHA-512");
                          }
                          if (!service.equals(properties.get(JAAS))) {
                            problems.add(
                                service
                                    + " logs in with the credentials of "
                                    + properties.get(JAAS));
                          }
                          if (listener.get().isTls()) {
                            problems.addAll(
                                trustStore(
                                    r,
                                    workload,
                                    properties.get("spring.kafka.ssl.trust-store-location"),
                                    kafka.getMetadata().getName()));
                          }
                        }));
    return problems;
  }

  /** The config tree's properties; the JAAS file's value is the user whose Secret it comes from. */
  private static Map<String, String> treeProperties(
      Rendered r, Volume volume, List<String> problems, String service) {
    var out = new java.util.HashMap<String, String>();
    for (var source : volume.getProjected().getSources()) {
      if (source.getConfigMap() != null) {
        var map =
            r.all(ConfigMap.class).stream()
                .filter(c -> c.getMetadata().getName().equals(source.getConfigMap().getName()))
                .findFirst();
        if (map.isEmpty()) {
          problems.add(service + ": no ConfigMap " + source.getConfigMap().getName());
        } else {
          out.putAll(map.get().getData());
        }
      }
      if (source.getSecret() != null && source.getSecret().getItems() != null) {
        for (var item : source.getSecret().getItems()) {
          if (item.getPath().equals(JAAS)
              && item.getKey().equals("sasl.jaas.config")
              && r.strimziSecrets().containsKey(source.getSecret().getName())) {
            out.put(JAAS, source.getSecret().getName());
          }
        }
      }
    }
    return out;
  }

  private static List<String> trustStore(
      Rendered r, Rendered.Workload workload, String location, String cluster) {
    String file = location == null ? "" : location.replaceFirst("^file:", "");
    for (var mount : workload.app().getVolumeMounts()) {
      if (file.startsWith(mount.getMountPath() + "/")) {
        var volume =
            workload.template().getSpec().getVolumes().stream()
                .filter(v -> v.getName().equals(mount.getName()))
                .findFirst();
        String key = file.substring(mount.getMountPath().length() + 1);
        boolean ca =
            volume.isPresent()
                && volume.get().getSecret() != null
                && volume.get().getSecret().getSecretName().equals(cluster + "-cluster-ca-cert")
                && volume.get().getSecret().getItems().stream()
                    .anyMatch(i -> i.getKey().equals("ca.crt") && i.getPath().equals(key));
        return ca
            ? List.of()
            : List.of(workload.name() + ": " + file + " is not the cluster CA's ca.crt");
      }
    }
    return List.of(workload.name() + ": the trust store " + location + " is not mounted");
  }

  static Optional<GenericKafkaListener> scramListener(Rendered r) {
    return r.kafka().getSpec().getKafka().getListeners().stream()
        .filter(l -> l.getAuth() instanceof KafkaListenerAuthenticationScramSha512)
        .findFirst();
  }
}
