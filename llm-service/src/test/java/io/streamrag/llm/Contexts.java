package io.streamrag.llm;

import io.streamrag.kit.config.PipelineDefaults;
import io.streamrag.llm.config.PipelineSettings;
import io.streamrag.llm.prerun.Preparation;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.ContextRetrieved;
import io.streamrag.schemas.chat.Passage;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Contexts as retrieval-service publishes them, for tests. */
public final class Contexts {

  public static final String SENSOR = "550e8400-e29b-41d4-a716-446655440000";

  private Contexts() {}

  public static ContextRetrieved persianMoisture(String requestId) {
    return ContextRetrieved.newBuilder()
        .setRequest(request(requestId, "رطوبت خاک من چقدر است؟", "fa"))
        .setKbNames(List.of("irrigation"))
        .setPassages(
            List.of(
                new Passage(
                    "p1",
                    "آخرین داده‌های خاک حسگر شما: رطوبت خاک 12.5 درصد.",
                    "sensor/" + SENSOR,
                    "__all__",
                    SENSOR,
                    1,
                    "fa",
                    0.91,
                    null),
                new Passage(
                    "p2",
                    "ظرفیت زراعی خاک لومی حدود 30 درصد است. وقتی رطوبت خاک به نصف آب قابل استفاده رسید، آبیاری کنید.",
                    "irrigation/soil-moisture-sensors.fa.md",
                    "irrigation",
                    "__global__",
                    0,
                    "fa",
                    0.66,
                    null)))
        .setSnapshotText(
            "آخرین داده‌های خاک حسگر شما "
                + SENSOR
                + "، اندازه‌گیری‌شده در 2026-11-29 10:00 UTC: رطوبت خاک 12.5 درصد.")
        .setSnapshotMeasuredAt(Instant.parse("2026-11-29T10:00:00Z"))
        .setRetrievedAt(Instant.now())
        .build();
  }

  public static ContextRetrieved englishEt0(String requestId) {
    return ContextRetrieved.newBuilder()
        .setRequest(request(requestId, "What is ET0 and how do I use it for irrigation?", "en"))
        .setKbNames(List.of("irrigation"))
        .setPassages(
            List.of(
                new Passage(
                    "p3",
                    "Reference evapotranspiration (ET0) is the water use of a reference grass surface. Crop water use is ETc = Kc × ET0.",
                    "irrigation/evapotranspiration-et0-kc.en.md",
                    "irrigation",
                    "__global__",
                    0,
                    "en",
                    0.8,
                    null)))
        .setRetrievedAt(Instant.now())
        .build();
  }

  /**
   * What the pre-run chain prepares for a context: the default pipeline settings, a tone for each
   * demo KB, no memory.
   */
  public static Preparation preparation(ContextRetrieved context) {
    return Preparation.of(context.getRequest())
        .withConfig(
            PipelineSettings.of(PipelineDefaults.of("croplogic")),
            Map.of("irrigation", "tone of irrigation", "fertilization", "tone of fertilization"))
        .withContext(context);
  }

  /** An Arabic question on ET0 from a farmer whose sensor has an Arabic snapshot. */
  public static ContextRetrieved arabicEt0(String requestId) {
    return ContextRetrieved.newBuilder()
        .setRequest(request(requestId, "ما هو التبخر النتحي المرجعي وكيف أستخدمه في الري؟", "ar"))
        .setKbNames(List.of("irrigation"))
        .setPassages(
            List.of(
                new Passage(
                    "p4",
                    "آخر قراءات التربة من مستشعرك: رطوبة التربة 12.5 %.",
                    "sensor/" + SENSOR + "/readings",
                    "__all__",
                    SENSOR,
                    0,
                    "ar",
                    0.5,
                    null),
                new Passage(
                    "p5",
                    "التبخر النتحي المرجعي (ET0) هو استهلاك الماء لسطح مرجعي محدد: غطاء من العشب"
                        + " السليم المروي جيدًا بارتفاع 0.12 م. ويحين الري عندما يبلغ الاستنزاف"
                        + " المتراكم الماء الميسر. والمليمتر الواحد على هكتار يساوي 10 م³.",
                    "irrigation/evapotranspiration-et0-kc.ar.md",
                    "irrigation",
                    "__global__",
                    0,
                    "ar",
                    0.8,
                    null)))
        .setSnapshotText(
            "آخر قراءات التربة من مستشعرك "
                + SENSOR
                + "، المقيسة في 2026-11-29 10:00 UTC: رطوبة التربة 12.5 %.")
        .setSnapshotMeasuredAt(Instant.parse("2026-11-29T10:00:00Z"))
        .setRetrievedAt(Instant.now())
        .build();
  }

  public static ChatRequested request(String requestId, String message, String language) {
    return ChatRequested.newBuilder()
        .setRequestId(requestId)
        .setConversationId("c-1")
        .setUserId("farmer")
        .setSensorUuid(SENSOR)
        .setPipeline("croplogic")
        .setMessage(message)
        .setLanguage(language)
        .setRequestedAt(Instant.now())
        .build();
  }
}
