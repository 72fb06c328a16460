package io.streamrag.deploycheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The services' workloads agree with the services: environment, probes, Kafka login, images. */
class WorkloadsTest {

  private static final Map<String, ServiceConfig> SERVICES = Docs.services();

  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void everyServiceGetsTheVariablesItNeedsAndNoneItIgnores(String overlay) {
    assertThat(EnvCheck.problems(Rendered.overlay(overlay), SERVICES)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void probesAskTheHealthGroupsOnThePortTheServiceListensOn(String overlay) {
    assertThat(ProbeCheck.problems(Rendered.overlay(overlay), SERVICES)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void everyServiceLogsInToKafkaAsItsOwnUser(String overlay) {
    assertThat(KafkaClientCheck.problems(Rendered.overlay(overlay), SERVICES)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void kedaScalesByTheLagOfGroupsTheServicesHave(String overlay) {
    assertThat(KedaCheck.problems(Rendered.overlay(overlay), SERVICES)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void servicesRunTheImagesBuildImagesBuilds(String overlay) {
    assertThat(ImageCheck.problems(Rendered.base())).isEmpty();
    assertThat(ImageCheck.overlayProblems(overlay, Rendered.overlay(overlay))).isEmpty();
  }

  @Test
  void onlyTheDevOverlayRunsTheDemoProfile() {
    for (String overlay : new String[] {"dev", "prod"}) {
      var profiles =
          Rendered.overlay(overlay).services().stream()
              .map(
                  w ->
                      w.app().getEnv().stream()
                          .filter(e -> e.getName().equals("SPRING_PROFILES_ACTIVE"))
                          .findFirst()
                          .orElseThrow()
                          .getValue())
              .distinct()
              .toList();
      assertThat(profiles).containsExactly(overlay.equals("dev") ? "demo" : "prod");
    }
  }

  @Test
  void aMisspeltOrMissingVariableIsReported() {
    var changed =
        Rendered.overlay("prod")
            .with(
                docs -> {
                  Docs.env(docs, "StatefulSet", "retrieval-service", "RETRIEVAL_STORE")
                      .put("name", "RETRIEVAL_STOR");
                  ((ObjectNode)
                          Docs.env(docs, "Deployment", "llm-service", "DATABASE_PASSWORD")
                              .path("valueFrom")
                              .path("secretKeyRef"))
                      .put("key", "pasword");
                  Docs.env(
                          docs,
                          "Deployment",
                          "gateway-service",
                          "SPRING_CONFIG_ADDITIONAL_LOCATION")
                      .put("value", "file:/etc/streamrag/config/gateway.yml");
                });
    // a variable a service reads without a default, made up for the test: it must then be set
    var strict = new java.util.HashMap<>(SERVICES);
    var gateway = SERVICES.get("gateway-service");
    var placeholders = new java.util.TreeMap<>(gateway.placeholders());
    placeholders.put("GATEWAY_PUBLIC_URL", null);
    strict.put(
        "gateway-service",
        new ServiceConfig(
            "gateway-service",
            gateway.documents(),
            placeholders,
            gateway.imageEnv(),
            gateway.groups()));
    assertThat(EnvCheck.problems(changed, strict))
        .anyMatch(p -> p.equals("retrieval-service sets RETRIEVAL_STOR, which it never reads"))
        .anyMatch(
            p -> p.equals("llm-service DATABASE_PASSWORD: Secret postgres has no key pasword"))
        .anyMatch(
            p ->
                p.equals(
                    "gateway-service: no Secret mounted holds /etc/streamrag/config/gateway.yml"))
        .anyMatch(
            p ->
                p.equals(
                    "gateway-service reads ${GATEWAY_PUBLIC_URL} without a default, and it is not set"));
  }

  @Test
  void aProbeOnAnotherPathOrPortIsReported() {
    var changed =
        Rendered.overlay("dev")
            .with(
                docs -> {
                  var app = Docs.container(docs, "Deployment", "ingest-service");
                  ((ObjectNode) app.path("readinessProbe").path("httpGet"))
                      .put("path", "/actuator/health");
                  ((ObjectNode) app.path("livenessProbe").path("httpGet")).put("port", 8080);
                  ((ObjectNode) app.path("ports").get(0)).put("containerPort", 8090);
                });
    assertThat(ProbeCheck.problems(changed, SERVICES))
        .anyMatch(
            p ->
                p.equals(
                    "ingest-service readinessProbe asks /actuator/health, not /actuator/health/readiness"))
        .anyMatch(p -> p.startsWith("ingest-service livenessProbe asks port 8080"))
        .anyMatch(
            p ->
                p.startsWith(
                    "ingest-service listens on 8082 (${PORT}), its port named http(s) is 8090"));
  }

  @Test
  void aServiceLoggingInAsAnotherUserIsReported() {
    var changed =
        Rendered.overlay("dev")
            .with(
                docs -> {
                  var volumes =
                      (ArrayNode)
                          Docs.find(docs, "Deployment", "gateway-service")
                              .path("spec")
                              .path("template")
                              .path("spec")
                              .path("volumes");
                  for (var volume : volumes) {
                    for (var source : volume.path("projected").path("sources")) {
                      if (source.has("secret")) {
                        ((ObjectNode) source.get("secret")).put("name", "llm-service");
                      }
                    }
                  }
                  Docs.env(docs, "Deployment", "sensor-bridge", "KAFKA_BOOTSTRAP_SERVERS")
                      .put("value", "streamrag-kafka-bootstrap:9092");
                });
    assertThat(KafkaClientCheck.problems(changed, SERVICES))
        .anyMatch(p -> p.equals("gateway-service logs in with the credentials of llm-service"))
        .anyMatch(
            p -> p.startsWith("sensor-bridge connects to streamrag-kafka-bootstrap:9092, not"));
  }

  @Test
  void scalingByAGroupTheServiceDoesNotHaveIsReported() {
    var changed =
        Rendered.overlay("prod")
            .with(
                docs -> {
                  var trigger =
                      (ObjectNode)
                          Docs.find(docs, "ScaledObject", "llm-service")
                              .path("spec")
                              .path("triggers")
                              .get(0)
                              .path("metadata");
                  trigger.put("consumerGroup", "llm-chat");
                  ((ObjectNode) Docs.find(docs, "ScaledObject", "ingest-service").path("spec"))
                      .put("maxReplicaCount", 9);
                });
    assertThat(KedaCheck.problems(changed, SERVICES))
        .anyMatch(p -> p.equals("llm-service has no consumer group llm-chat reading chat.requests"))
        .anyMatch(
            p ->
                p.equals(
                    "ingest-service may scale to 9 replicas, its topics have at most 6 partitions"));
  }

  @Test
  void anImageBuildImagesDoesNotBuildIsReported() {
    var changed =
        Rendered.base()
            .with(
                docs ->
                    Docs.container(docs, "Deployment", "llm-service")
                        .put("image", "localhost/streamrag-llm:dev"));
    assertThat(ImageCheck.problems(changed))
        .anyMatch(
            p ->
                p.equals(
                    "llm-service runs localhost/streamrag-llm:dev, not localhost/streamrag-llm-service:dev"))
        .anyMatch(
            p ->
                p.equals(
                    "llm-service runs localhost/streamrag-llm:dev, which build-images.sh does not build"));
  }
}
