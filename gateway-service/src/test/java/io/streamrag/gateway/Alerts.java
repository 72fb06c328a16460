package io.streamrag.gateway;

import io.streamrag.schemas.advice.AdviceKind;
import io.streamrag.schemas.advice.RecommendationIssued;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/** Alerts as llm-service publishes them on {@code sensor.alerts}. */
public final class Alerts {

  private Alerts() {}

  /** A new irrigation alert for a sensor, with a unique id. */
  public static RecommendationIssued irrigationNeeded(String sensorUuid) {
    var now = Instant.now();
    return RecommendationIssued.newBuilder()
        .setAlertId(UUID.randomUUID().toString())
        .setSensorUuid(sensorUuid)
        .setKind(AdviceKind.IRRIGATION)
        .setChange("irrigation_needed")
        .setAdviceJson(CannedAdvice.irrigation())
        .setReasons(
            Map.of(
                "fa", "کمبود آب ناحیه ریشه از حد مجاز گذشته است؛ 77.8 میلی‌متر آبیاری کنید.",
                "ar", "تجاوز نقص الماء في منطقة الجذور الحد المسموح؛ اروِ 77.8 ملم.",
                "en", "Root-zone depletion is past the allowed limit; irrigate 77.8 mm."))
        .setSnapshotVersion(7)
        .setMeasuredAt(now.minusSeconds(60))
        .setReceivedAt(now.minusSeconds(59))
        .setIssuedAt(now)
        .build();
  }
}
