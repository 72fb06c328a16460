package io.streamrag.deploycheck;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.node.ObjectNode;

/** One pod going away (a kill, a drain, a rolling update) never stops a chat's path. */
class AvailabilityTest {

  @Test
  void theBaseKeepsTwoOfEveryServiceOnAChatsPathAndGivesEveryPodItsDrain() {
    assertThat(AvailabilityCheck.problems(Rendered.base())).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void soDoesEveryOverlay(String overlay) {
    assertThat(AvailabilityCheck.problems(Rendered.overlay(overlay))).isEmpty();
  }

  @Test
  void theDrainIsTheSpringShutdownPhaseAndTheGraceCoversItWithAMargin() {
    assertThat(AvailabilityCheck.drain().toSeconds()).isEqualTo(30);
    assertThat(
            Rendered.base()
                .service("llm-service")
                .orElseThrow()
                .template()
                .getSpec()
                .getTerminationGracePeriodSeconds())
        .isGreaterThanOrEqualTo(40);
  }

  @Test
  void oneReplicaABudgetOfMaxUnavailableNoSpreadOrAShortGraceIsReported() {
    var changed =
        Rendered.base()
            .with(
                docs -> {
                  var llm = Docs.find(docs, "Deployment", "llm-service");
                  ((ObjectNode) llm.path("spec")).put("replicas", 1);
                  ((ObjectNode) llm.path("spec").path("template").path("spec"))
                      .put("terminationGracePeriodSeconds", 30)
                      .remove("affinity");
                  var budget =
                      (ObjectNode)
                          Docs.find(docs, "PodDisruptionBudget", "gateway-service").path("spec");
                  budget.remove("minAvailable");
                  budget.put("maxUnavailable", 1);
                  ((ObjectNode) Docs.find(docs, "ScaledObject", "retrieval-service").path("spec"))
                      .put("minReplicaCount", 1);
                });
    assertThat(AvailabilityCheck.problems(changed))
        .contains(
            "llm-service runs 1 replica(s), not at least 2",
            "llm-service is killed 30 s after SIGTERM; its drain needs 40 s",
            "llm-service has no preferred pod anti-affinity by kubernetes.io/hostname",
            "gateway-service has no PodDisruptionBudget of minAvailable: 1 alone",
            "retrieval-service: KEDA may scale it to 1");
  }
}
