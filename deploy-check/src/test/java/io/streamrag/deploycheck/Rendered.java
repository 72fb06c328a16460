package io.streamrag.deploycheck;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.strimzi.api.kafka.model.kafka.Kafka;
import io.strimzi.api.kafka.model.user.KafkaUser;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import tools.jackson.databind.node.ObjectNode;

/** The resources one kustomization renders to, bound to their models. */
final class Rendered {

  /** The label that marks the five services' workloads (not Kafka, PostgreSQL or Qdrant). */
  static final String COMPONENT = "app.kubernetes.io/component";

  private final String name;
  private final List<ObjectNode> docs;

  Rendered(String name, List<ObjectNode> docs) {
    this.name = name;
    this.docs = docs;
  }

  static Rendered overlay(String overlay) {
    return new Rendered(overlay, Kustomize.render(Repo.overlay(overlay)));
  }

  static Rendered base() {
    return new Rendered("base", Kustomize.render(Repo.K8S.resolve("base")));
  }

  String name() {
    return name;
  }

  List<ObjectNode> docs() {
    return docs;
  }

  /** A copy changed by {@code change}: how the tests show that a check fails. */
  Rendered with(Consumer<List<ObjectNode>> change) {
    var copy = new ArrayList<ObjectNode>();
    docs.forEach(d -> copy.add(d.deepCopy()));
    change.accept(copy);
    return new Rendered(name + " (changed)", copy);
  }

  /** Every resource of a model, bound strictly. */
  <T> List<T> all(Class<T> type) {
    return docs.stream()
        .filter(d -> StrictModel.modelOf(d).equals(type))
        .map(d -> StrictModel.bind(d, type))
        .toList();
  }

  /** The Deployments and StatefulSets. */
  List<Workload> workloads() {
    var out = new ArrayList<Workload>();
    for (var d : all(Deployment.class)) {
      out.add(
          new Workload(
              "Deployment",
              d.getMetadata().getName(),
              labels(d.getMetadata().getLabels()),
              d.getSpec().getReplicas(),
              d.getSpec().getTemplate()));
    }
    for (var s : all(StatefulSet.class)) {
      out.add(
          new Workload(
              "StatefulSet",
              s.getMetadata().getName(),
              labels(s.getMetadata().getLabels()),
              s.getSpec().getReplicas(),
              s.getSpec().getTemplate()));
    }
    return out;
  }

  /** The workloads of the platform's services, by their label. */
  List<Workload> services() {
    return workloads().stream().filter(w -> "service".equals(w.labels().get(COMPONENT))).toList();
  }

  Optional<Workload> service(String service) {
    return services().stream().filter(w -> w.name().equals(service)).findFirst();
  }

  /** A configured service and its workload in the render. */
  record Deployed(String service, ServiceConfig config, Workload workload) {}

  /** Each configured service the render has a workload for (EnvCheck names one it has not). */
  List<Deployed> deployed(Map<String, ServiceConfig> services) {
    var out = new ArrayList<Deployed>();
    services.forEach(
        (service, config) ->
            service(service)
                .ifPresent(workload -> out.add(new Deployed(service, config, workload))));
    return out;
  }

  /** The one Kafka cluster. */
  Kafka kafka() {
    var all = all(Kafka.class);
    if (all.size() != 1) {
      throw new IllegalStateException(name + ": " + all.size() + " Kafka clusters, not one");
    }
    return all.get(0);
  }

  /** The names of the Secrets Strimzi makes: one per KafkaUser, and the cluster CA's. */
  Map<String, List<String>> strimziSecrets() {
    var out = new java.util.HashMap<String, List<String>>();
    for (var user : all(KafkaUser.class)) {
      out.put(user.getMetadata().getName(), List.of("password", "sasl.jaas.config"));
    }
    out.put(
        kafka().getMetadata().getName() + "-cluster-ca-cert",
        List.of("ca.crt", "ca.p12", "ca.password"));
    return out;
  }

  /** The keys of a Secret or ConfigMap in the render (or made by Strimzi), if it exists. */
  Optional<List<String>> keys(String kind, String resource) {
    for (var d : docs) {
      if (d.path("kind").asString().equals(kind)
          && d.path("metadata").path("name").asString().equals(resource)) {
        var keys = new ArrayList<String>();
        for (String field : List.of("data", "stringData")) {
          d.path(field).propertyNames().forEach(keys::add);
        }
        return Optional.of(keys);
      }
    }
    return kind.equals("Secret")
        ? Optional.ofNullable(strimziSecrets().get(resource))
        : Optional.empty();
  }

  private static Map<String, String> labels(Map<String, String> labels) {
    return labels == null ? Map.of() : labels;
  }

  /** A Deployment or a StatefulSet. */
  record Workload(
      String kind,
      String name,
      Map<String, String> labels,
      Integer replicas,
      PodTemplateSpec template) {

    /** The service's container; every service workload has one, named app. */
    Container app() {
      return template.getSpec().getContainers().stream()
          .filter(c -> c.getName().equals("app"))
          .findFirst()
          .orElseThrow(() -> new IllegalStateException(name + " has no container named app"));
    }
  }
}
