package io.streamrag.deploycheck;

import static org.assertj.core.api.Assertions.assertThat;

import io.strimzi.api.kafka.model.topic.KafkaTopic;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The broker's topics and users are the topic catalogue: names, partitions, one writer each. */
class CatalogueTest {

  private static final Map<String, ServiceConfig> SERVICES = Docs.services();

  @ParameterizedTest
  @CsvSource({"dev, 1", "prod, 3"})
  void everyCatalogueTopicIsOneKafkaTopicWithItsPartitionsAndConfig(String overlay, int replicas) {
    var rendered = Rendered.overlay(overlay);
    assertThat(TopicCheck.problems(rendered)).isEmpty();
    assertThat(rendered.all(KafkaTopic.class)).allMatch(t -> t.getSpec().getReplicas() == replicas);
  }

  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void onlyEachTopicsWriterMayWriteItAndEachServiceMayReadWhatItReads(String overlay) {
    assertThat(AclCheck.problems(Rendered.overlay(overlay), SERVICES)).isEmpty();
  }

  @Test
  void aKafkaTopicThatDiffersFromTheCatalogueIsReported() {
    var changed =
        Rendered.overlay("prod")
            .with(
                docs -> {
                  ((ObjectNode) Docs.find(docs, "KafkaTopic", "chat.requests").get("spec"))
                      .put("partitions", 3);
                  ((ObjectNode)
                          Docs.find(docs, "KafkaTopic", "sensor.snapshots")
                              .path("spec")
                              .path("config"))
                      .put("cleanup.policy", "delete");
                  docs.remove(Docs.find(docs, "KafkaTopic", "dlq.llm.alerts"));
                  var extra = Docs.find(docs, "KafkaTopic", "kb.configs").deepCopy();
                  ((ObjectNode) extra.get("metadata")).put("name", "kb.config");
                  docs.add(extra);
                  ((ObjectNode) Docs.find(docs, "KafkaTopic", "index.changes").get("spec"))
                      .put("replicas", 4);
                });
    assertThat(TopicCheck.problems(changed))
        .anyMatch(p -> p.startsWith("chat.requests has 3 partitions"))
        .anyMatch(p -> p.startsWith("sensor.snapshots has config"))
        .anyMatch(p -> p.equals("no KafkaTopic for catalogue topic dlq.llm.alerts"))
        .anyMatch(p -> p.equals("KafkaTopic kb.config is not in the catalogue"))
        .anyMatch(p -> p.equals("index.changes has 4 replicas on 3 brokers"));
  }

  @Test
  void aSecondWriterAMissingReadAndAForeignGroupAreReported() {
    var changed =
        Rendered.overlay("dev")
            .with(
                docs -> {
                  var acls =
                      (ArrayNode)
                          Docs.find(docs, "KafkaUser", "gateway-service")
                              .path("spec")
                              .path("authorization")
                              .path("acls");
                  // the gateway may also write index.changes, which ingest-service owns
                  var write = acls.addObject();
                  write
                      .putObject("resource")
                      .put("type", "topic")
                      .put("name", "index.")
                      .put("patternType", "prefix");
                  write.putArray("operations").add("Write");
                  // and may read llm-service's group
                  var group = acls.addObject();
                  group
                      .putObject("resource")
                      .put("type", "group")
                      .put("name", "llm-answers")
                      .put("patternType", "literal");
                  group.putArray("operations").add("Read");
                  // llm-service can no longer read chat.requests
                  var llm =
                      (ArrayNode)
                          Docs.find(docs, "KafkaUser", "llm-service")
                              .path("spec")
                              .path("authorization")
                              .path("acls");
                  for (int i = 0; i < llm.size(); i++) {
                    if (llm.get(i)
                        .path("resource")
                        .path("name")
                        .asString()
                        .equals("chat.requests")) {
                      llm.remove(i);
                      break;
                    }
                  }
                });
    assertThat(AclCheck.problems(changed, SERVICES))
        .anyMatch(
            p -> p.startsWith("index.changes may be written by [gateway-service, ingest-service]"))
        .anyMatch(
            p -> p.equals("gateway-service may read the consumer group llm-answers of llm-service"))
        .anyMatch(p -> p.equals("llm-service reads chat.requests but may not"));
  }
}
