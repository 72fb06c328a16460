package io.streamrag.kit.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.transport.ReceiverContext;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.knowledge.KnowledgeBaseConfigured;
import io.streamrag.schemas.serde.AvroSerializer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.listener.BatchListenerFailedException;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.Message;
import org.springframework.messaging.support.MessageBuilder;

/** A poll handed over whole: records before a bad one are handled, the bad one named by index. */
class AvroBatchesTest {

  private static final String TOPIC = KnowledgeTopics.KB_CONFIGS.name();

  @Test
  void theRecordsBeforeAnUndecodableOneAreHandledThenItIsReportedByItsIndex() {
    var handled = new ArrayList<String>();
    var handler =
        AvroBatches.consumer(
            KnowledgeBaseConfigured.class,
            batch -> batch.forEach(r -> handled.add(r.value().getKbName() + "@" + r.index())));

    assertThatThrownBy(() -> handler.accept(poll(avro("a"), avro("b"), junk(), avro("c"))))
        .isInstanceOf(BatchListenerFailedException.class)
        .satisfies(e -> assertThat(((BatchListenerFailedException) e).getIndex()).isEqualTo(2))
        .hasCauseInstanceOf(UndecodableRecordException.class);
    assertThat(handled).containsExactly("a@0", "b@1");
  }

  @Test
  void aWholeGoodPollIsHandedOverInOrderAndEachRecordContinuesItsOwnTrace() {
    var parents = new ArrayList<String>();
    var registry = ObservationRegistry.create();
    registry
        .observationConfig()
        .observationHandler(
            new ObservationHandler<ReceiverContext<Map<String, Object>>>() {
              @Override
              public void onStart(ReceiverContext<Map<String, Object>> context) {
                parents.add(context.getGetter().get(context.getCarrier(), "traceparent"));
              }

              @Override
              public boolean supportsContext(Observation.Context context) {
                return context instanceof ReceiverContext<?>;
              }
            });
    var handled = new ArrayList<String>();
    var handler =
        AvroBatches.consumer(
            KnowledgeBaseConfigured.class,
            batch ->
                batch.forEach(
                    r -> r.observe(registry, "test", () -> handled.add(r.value().getKbName()))));

    handler.accept(poll(avro("a"), avro("b")));

    assertThat(handled).containsExactly("a", "b");
    assertThat(parents).containsExactly("trace-0", "trace-1");
  }

  private static byte[] avro(String kb) {
    var config =
        new KnowledgeBaseConfigured(
            kb,
            "croplogic",
            "d",
            "t",
            List.of("en"),
            java.time.Instant.EPOCH,
            kb,
            List.of("croplogic"),
            "",
            Map.of(),
            Map.of(),
            List.of(),
            "");
    return new AvroSerializer().serialize(TOPIC, config);
  }

  private static byte[] junk() {
    return "not avro".getBytes(StandardCharsets.UTF_8);
  }

  private static Message<List<byte[]>> poll(byte[]... records) {
    var topics = new ArrayList<String>();
    var headers = new ArrayList<Map<String, Object>>();
    for (int i = 0; i < records.length; i++) {
      topics.add(TOPIC);
      headers.add(Map.of("traceparent", ("trace-" + i).getBytes(StandardCharsets.UTF_8)));
    }
    return MessageBuilder.withPayload(List.of(records))
        .setHeader(KafkaHeaders.RECEIVED_TOPIC, topics)
        .setHeader(KafkaHeaders.BATCH_CONVERTED_HEADERS, headers)
        .build();
  }
}
