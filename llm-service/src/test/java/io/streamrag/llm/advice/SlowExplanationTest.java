package io.streamrag.llm.advice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.kit.kafka.TopicView;
import io.streamrag.llm.RetrievalResponder;
import io.streamrag.modelfake.FakeText;
import io.streamrag.modelfake.Pace;
import io.streamrag.modelfake.StreamingModel;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.advice.AdviceKind;
import io.streamrag.schemas.advice.RecommendationAnswered;
import io.streamrag.schemas.advice.RecommendationRequested;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * With a model that takes seconds to explain (a named fake speaking the OpenAI protocol), every
 * farmer's recommendation is explained at the same time: no listener thread waits for a model, so
 * one slow explanation holds up no other farmer's.
 */
class SlowExplanationTest extends AdviceOnBroker {

  static final int FARMERS = 4;

  /**
   * Each explanation takes 2 s; the model answers none until all four are open at once ({@link
   * StreamingModel#holdUntilOpen}), so the test does not depend on the machine's speed (with 10 s
   * explanations and no hold, the first once ended before the fourth began on a loaded machine).
   */
  static final StreamingModel MODEL =
      StreamingModel.start(0, new Pace(Duration.ofMillis(200), 5, Duration.ofSeconds(2)));

  static RetrievalResponder retrieval;

  @Autowired TopicView<SensorSnapshotUpdated> snapshots;

  @DynamicPropertySource
  static void model(DynamicPropertyRegistry registry) {
    registry.add("LLM_BASE_URL", MODEL::baseUrl);
    registry.add("LLM_MODEL", () -> "fake-streaming");
  }

  @BeforeAll
  static void playRetrievalService() {
    retrieval = RetrievalResponder.moisture(KAFKA.bootstrapServers(), "u");
  }

  @AfterAll
  static void stopTheModel() {
    retrieval.close();
    MODEL.close();
  }

  @Test
  void slowExplanationsRunSideBySideAndEachFarmerGetsTheirs() {
    // Given four farmers' fields, known to llm-service
    List<String> sensors =
        IntStream.range(0, FARMERS).mapToObj(i -> UUID.randomUUID().toString()).toList();
    sensors.forEach(
        s -> KAFKA.publish(SensorTopics.SENSOR_SNAPSHOTS.name(), s, snapshot(s, 1, 14.0)));
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> sensors.stream().allMatch(s -> snapshots.get(s).isPresent()));
    MODEL.reset();
    MODEL.holdUntilOpen(FARMERS, Duration.ofSeconds(30));

    // When all four ask for irrigation advice at once
    var answers = sensors.stream().map(SlowExplanationTest::askAsync).toList();
    var bodies = answers.stream().map(CompletableFuture::join).toList();

    // Then every one is answered with the model's explanation of its own numbers...
    for (var answer : bodies) {
      assertThat(answer.getError()).isNull();
      var body = readJson(answer.getAdviceJson());
      assertThat(body.get("irrigation_needed").asBoolean()).isTrue();
      assertThat(FakeText.read(body.get("reason").asString() + " ", 5).whole()).isTrue();
    }
    // ...and the model was explaining all four at the same time, not one after another
    assertThat(MODEL.stats().completed()).isEqualTo(FARMERS);
    assertThat(MODEL.stats().maxOpen()).isEqualTo(FARMERS);
  }

  private static CompletableFuture<RecommendationAnswered> askAsync(String sensor) {
    var call =
        RecommendationRequested.newBuilder()
            .setCallId(UUID.randomUUID().toString())
            .setKind(AdviceKind.IRRIGATION)
            .setUserId("u")
            .setSensorUuid(sensor)
            .setPipeline("croplogic")
            .setLanguage("en")
            .setRequestedAt(Instant.now())
            .build();
    return CompletableFuture.supplyAsync(
        () -> advice.call(call.getCallId(), call, Duration.ofSeconds(60)));
  }

  private static tools.jackson.databind.JsonNode readJson(String json) {
    return JSON.readTree(json);
  }
}
