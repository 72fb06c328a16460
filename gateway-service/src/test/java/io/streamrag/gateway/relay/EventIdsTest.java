package io.streamrag.gateway.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.gateway.web.Refused;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.junit.jupiter.api.Test;

class EventIdsTest {

  static final String ID = "0b7c3c2e-8c51-4f5c-9d0b-2f8e3b0c6a11";

  @Test
  void anEventIdNamesTheStreamAndHowFarItsClientGot() {
    assertThat(EventIds.parse(EventIds.of(ID, 7))).isEqualTo(new EventIds(ID, 0, 7));
  }

  @Test
  void anEventOfARestartedAnswerNamesItsGenerationToo() {
    assertThat(EventIds.of(ID, 2, 5)).isEqualTo(ID + ":2.5");
    assertThat(EventIds.parse(EventIds.of(ID, 2, 5))).isEqualTo(new EventIds(ID, 2, 5));
    assertThat(EventIds.parse(ID + ":1.-1")).isEqualTo(new EventIds(ID, 1, -1));
    assertThat(EventIds.of(ID, 0, 5)).isEqualTo(ID + ":5");
  }

  @Test
  void aBareRequestIdMeansFromTheStart() {
    assertThat(EventIds.parse(ID.toUpperCase())).isEqualTo(new EventIds(ID, 0, -1));
  }

  @Test
  void anythingElseIsRefusedNamingTheHeader() {
    for (String bad :
        new String[] {"", "7", ID + ":x", ID + ":-2", ID + ":-1.3", ID + ":1.", "not-a-uuid:3"}) {
      assertThatThrownBy(() -> EventIds.parse(bad))
          .isInstanceOfSatisfying(
              Refused.class,
              r -> {
                assertThat(r.refusal().status()).isEqualTo(400);
                assertThat(r.refusal().field()).isEqualTo("Last-Event-ID");
              });
    }
  }

  @Test
  void aRequestsPartitionIsTheOneTheProducersDefaultPartitionerPicks() {
    for (int i = 0; i < 1000; i++) {
      String id = UUID.randomUUID().toString();
      assertThat(RequestPartitions.of(id, 6))
          .isEqualTo(BuiltInPartitioner.partitionForKey(id.getBytes(StandardCharsets.UTF_8), 6));
    }
  }
}
