package io.streamrag.deploycheck;

import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The services a chat passes through (gateway, llm, retrieval) survive one pod going away: at least
 * two replicas (and KEDA never scales below two), a disruption budget keeping one available,
 * replicas spread over nodes when there are several; and every service's pod is given the time its
 * drain needs before the kubelet kills it.
 */
final class AvailabilityCheck {

  /** The services that must keep serving while one pod is gone. */
  static final List<String> REPLICATED =
      List.of("gateway-service", "llm-service", "retrieval-service");

  /** What a pod needs after its drain: consumers leaving, the load report withdrawn, producers. */
  static final Duration MARGIN = Duration.ofSeconds(10);

  private static final String NAME = "app.kubernetes.io/name";
  private static final String HOSTNAME = "kubernetes.io/hostname";

  private AvailabilityCheck() {}

  static List<String> problems(Rendered r) {
    var problems = new ArrayList<String>();
    long grace = drain().plus(MARGIN).toSeconds();
    for (var w : r.services()) {
      Long given = w.template().getSpec().getTerminationGracePeriodSeconds();
      if (given == null || given < grace) {
        problems.add(
            w.name()
                + " is killed "
                + (given == null ? 30 : given)
                + " s after SIGTERM; its drain needs "
                + grace
                + " s");
      }
    }
    for (String service : REPLICATED) {
      var workload = r.service(service).orElse(null);
      if (workload == null) {
        problems.add(service + " has no workload");
        continue;
      }
      if (workload.replicas() == null || workload.replicas() < 2) {
        problems.add(service + " runs " + workload.replicas() + " replica(s), not at least 2");
      }
      r.all(Keda.ScaledObject.class).stream()
          .filter(s -> s.spec().scaleTargetRef().name().equals(service))
          .filter(s -> s.spec().minReplicaCount() == null || s.spec().minReplicaCount() < 2)
          .forEach(
              s -> problems.add(service + ": KEDA may scale it to " + s.spec().minReplicaCount()));
      var budgets =
          r.all(PodDisruptionBudget.class).stream()
              .filter(p -> selects(p.getSpec().getSelector().getMatchLabels(), service))
              .toList();
      if (budgets.size() != 1
          || budgets.get(0).getSpec().getMinAvailable() == null
          || budgets.get(0).getSpec().getMinAvailable().getIntVal() == null
          || budgets.get(0).getSpec().getMinAvailable().getIntVal() != 1
          || budgets.get(0).getSpec().getMaxUnavailable() != null) {
        problems.add(service + " has no PodDisruptionBudget of minAvailable: 1 alone");
      }
      var affinity = workload.template().getSpec().getAffinity();
      boolean spread =
          affinity != null
              && affinity.getPodAntiAffinity() != null
              && affinity
                  .getPodAntiAffinity()
                  .getPreferredDuringSchedulingIgnoredDuringExecution()
                  .stream()
                  .map(t -> t.getPodAffinityTerm())
                  .anyMatch(
                      t ->
                          HOSTNAME.equals(t.getTopologyKey())
                              && selects(t.getLabelSelector().getMatchLabels(), service));
      if (!spread) {
        problems.add(service + " has no preferred pod anti-affinity by " + HOSTNAME);
      }
    }
    return problems;
  }

  /** The drain of every service: platform-kit's {@code timeout-per-shutdown-phase}. */
  static Duration drain() {
    var kit = Repo.ROOT.resolve("platform-kit/src/main/resources/streamrag-kafka.yml");
    String value =
        Yaml.documents(kit).get(0).at("/spring/lifecycle/timeout-per-shutdown-phase").asString();
    if (!value.matches("\\d+s")) {
      throw new IllegalStateException(kit + ": timeout-per-shutdown-phase " + value + " not <n>s");
    }
    return Duration.ofSeconds(Long.parseLong(value.substring(0, value.length() - 1)));
  }

  private static boolean selects(Map<String, String> labels, String service) {
    return labels != null && service.equals(labels.get(NAME));
  }
}
