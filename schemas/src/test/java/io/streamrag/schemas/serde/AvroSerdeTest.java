package io.streamrag.schemas.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.Citation;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

class AvroSerdeTest {

  private final AvroSerializer serializer = new AvroSerializer();
  private final AvroDeserializer deserializer = new AvroDeserializer();

  @Test
  void aReadingSurvivesTheRoundTripWithItsOptionalFields() {
    Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    var reading =
        SensorReadingReceived.newBuilder()
            .setEventId("e1")
            .setSensorUuid("550e8400-e29b-41d4-a716-446655440000")
            .setDeviceId("dev")
            .setTransport("http")
            .setMeasuredAt(now)
            .setReceivedAt(now)
            .setSoilMoisture(12.5)
            .build();

    var back = deserializer.deserialize("t", serializer.serialize("t", reading));

    assertThat(back).isEqualTo(reading);
    assertThat(((SensorReadingReceived) back).getPh()).isNull();
  }

  @Test
  void theDeserializerFindsTheTypeFromTheBytesAlone() {
    var event =
        AnswerEvent.newBuilder()
            .setRequestId("r")
            .setSeq(3)
            .setType(AnswerEventType.CITATION)
            .setCitation(new Citation(1, "irrigation/et0.en.md", "irrigation", 0.87))
            .setEmittedAt(Instant.EPOCH)
            .build();

    assertThat(deserializer.deserialize("any", serializer.serialize("any", event)))
        .isInstanceOf(AnswerEvent.class)
        .isEqualTo(event);
  }

  @Test
  void aTombstoneStaysNull() {
    assertThat(deserializer.deserialize("t", null)).isNull();
    assertThat(serializer.serialize("t", null)).isNull();
  }

  @Test
  void bytesThatAreNotAPlatformRecordAreRefusedWithTheReason() {
    assertThatThrownBy(() -> deserializer.deserialize("sensor.readings", "{\"x\":1}".getBytes()))
        .isInstanceOf(SerializationException.class)
        .hasMessageContaining("sensor.readings")
        .hasMessageContaining("not Avro single-object encoded");
  }

  @Test
  void anUnknownSchemaIsRefusedWithItsFingerprint() {
    byte[] data = {(byte) 0xC3, 0x01, 1, 2, 3, 4, 5, 6, 7, 8, 0};

    assertThatThrownBy(() -> deserializer.deserialize("t", data))
        .isInstanceOf(SerializationException.class)
        .hasMessageContaining("unknown schema fingerprint");
  }
}
