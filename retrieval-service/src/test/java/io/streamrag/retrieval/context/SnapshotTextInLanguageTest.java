package io.streamrag.retrieval.context;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class SnapshotTextInLanguageTest {

  @Test
  void eachLanguageGetsItsOwnRendering() {
    var s = snapshot("رطوبة التربة 12.5 %");

    assertThat(LiveState.textIn(s, "ar")).isEqualTo("رطوبة التربة 12.5 %");
    assertThat(LiveState.textIn(s, "fa")).isEqualTo("رطوبت خاک 12.5 درصد");
    assertThat(LiveState.textIn(s, "en")).isEqualTo("soil moisture 12.5 %");
  }

  @Test
  void givenASnapshotPublishedBeforeArabicWasRenderedThenAnArabicQuestionGetsTheEnglishText() {
    var old = snapshot("");

    assertThat(LiveState.textIn(old, "ar")).isEqualTo("soil moisture 12.5 %");
  }

  private static SensorSnapshotUpdated snapshot(String arabic) {
    return SensorSnapshotUpdated.newBuilder()
        .setSensorUuid("s")
        .setVersion(1)
        .setLastEventId("e")
        .setMeasuredAt(Instant.EPOCH)
        .setReceivedAt(Instant.EPOCH)
        .setHistory(List.of())
        .setTextEn("soil moisture 12.5 %")
        .setTextFa("رطوبت خاک 12.5 درصد")
        .setTextAr(arabic)
        .build();
  }
}
