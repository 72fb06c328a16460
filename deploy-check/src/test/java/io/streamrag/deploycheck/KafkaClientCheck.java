package io.streamrag.deploycheck;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Volume;
import io.strimzi.api.kafka.model.kafka.listener.GenericKafkaListener;
import io.strimzi.api.kafka.model.kafka.listener.KafkaListenerAuthenticationScramSha512;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Each service reaches the broker as its own KafkaUser: the bootstrap address is the SCRAM
 * listener's, and the config tree SPRING_CONFIG_IMPORT names is mounted and holds the shared client
 * settings (protocol matching the listener's TLS), the service's own sasl.jaas.config and, for a
 * TLS listener, the cluster CA's certificate as the trusted one.
 */
final class KafkaClientCheck {

  static final String JAAS = "spring.kafka.properties.sasl.jaas.config";
  static final String CA = "spring.kafka.ssl.trust-store-certificates";

  private KafkaClientCheck() {}

  static List<String> problems(Rendered r, Map<String, ServiceConfig> services) {
    var listener = scramListener(r);
    if (listener.isEmpty()) {
      return List.of("the Kafka cluster has no SCRAM-SHA-512 listener");
    }
    var problems = new ArrayList<String>();
    for (String service : services.keySet()) {
      r.service(service).ifPresent(w -> problems.addAll(problems(r, w, listener.get())));
    }
    return problems;
  }

  private static List<String> problems(
      Rendered r, Rendered.Workload workload, GenericKafkaListener listener) {
    var problems = new ArrayList<String>();
    String service = workload.name();
    String cluster = r.kafka().getMetadata().getName();
    var env = new HashMap<String, String>();
    workload.app().getEnv().forEach(e -> env.put(e.getName(), e.getValue()));

    String bootstrap = cluster + "-kafka-bootstrap:" + listener.getPort();
    if (!bootstrap.equals(env.get("KAFKA_BOOTSTRAP_SERVERS"))) {
      problems.add(
          service + " connects to " + env.get("KAFKA_BOOTSTRAP_SERVERS") + ", not " + bootstrap);
    }
    var tree = configTree(workload, env.getOrDefault("SPRING_CONFIG_IMPORT", ""));
    if (tree.isEmpty()) {
      return List.of(service + ": SPRING_CONFIG_IMPORT names no mounted config tree");
    }
    var properties = treeProperties(r, tree.get(), problems, service);
    String protocol = listener.isTls() ? "SASL_SSL" : "SASL_PLAINTEXT";
    if (!protocol.equals(properties.get("spring.kafka.security.protocol"))) {
      problems.add(
          service
              + " uses protocol "
              + properties.get("spring.kafka.security.protocol")
              + ", the listener needs "
              + protocol);
    }
    if (!"SCRAM-SHA-512".equals(properties.get("spring.kafka.properties.sasl.mechanism"))) {
      problems.add(service + " does not use SCRAM-SHA-512");
    }
    if (!service.equals(properties.get(JAAS))) {
      problems.add(service + " logs in with the credentials of " + properties.get(JAAS));
    }
    String ca = cluster + "-cluster-ca-cert";
    boolean trusted =
        ca.equals(properties.get(CA))
            && "PEM".equals(properties.get("spring.kafka.ssl.trust-store-type"));
    if (listener.isTls() && !trusted) {
      problems.add(service + " does not trust the cluster CA (" + ca + " as PEM certificates)");
    }
    return problems;
  }

  /** The projected volume mounted where {@code configtree:<dir>/} points. */
  private static Optional<Volume> configTree(Rendered.Workload workload, String springImport) {
    if (!springImport.startsWith("configtree:")) {
      return Optional.empty();
    }
    String dir = springImport.substring("configtree:".length()).replaceAll("/$", "");
    return workload.app().getVolumeMounts().stream()
        .filter(m -> m.getMountPath().replaceAll("/$", "").equals(dir))
        .findFirst()
        .flatMap(
            m ->
                workload.template().getSpec().getVolumes().stream()
                    .filter(v -> v.getName().equals(m.getName()) && v.getProjected() != null)
                    .findFirst());
  }

  /**
   * The config tree's properties. The values of files from Strimzi's Secrets are the Secrets'
   * names: the JAAS line's is the KafkaUser whose credentials it holds, the certificates' the CA's.
   */
  private static Map<String, String> treeProperties(
      Rendered r, Volume volume, List<String> problems, String service) {
    var out = new HashMap<String, String>();
    for (var source : volume.getProjected().getSources()) {
      if (source.getConfigMap() != null) {
        String name = source.getConfigMap().getName();
        r.all(ConfigMap.class).stream()
            .filter(c -> c.getMetadata().getName().equals(name))
            .findFirst()
            .ifPresentOrElse(
                c -> out.putAll(c.getData()),
                () -> problems.add(service + ": no ConfigMap " + name));
      }
      if (source.getSecret() != null && source.getSecret().getItems() != null) {
        var keys = r.strimziSecrets().get(source.getSecret().getName());
        for (var item : source.getSecret().getItems()) {
          boolean jaas = item.getPath().equals(JAAS) && item.getKey().equals("sasl.jaas.config");
          boolean ca = item.getPath().equals(CA) && item.getKey().equals("ca.crt");
          if (keys != null && keys.contains(item.getKey()) && (jaas || ca)) {
            out.put(item.getPath(), source.getSecret().getName());
          }
        }
      }
    }
    return out;
  }

  static Optional<GenericKafkaListener> scramListener(Rendered r) {
    return r.kafka().getSpec().getKafka().getListeners().stream()
        .filter(l -> l.getAuth() instanceof KafkaListenerAuthenticationScramSha512)
        .findFirst();
  }
}
