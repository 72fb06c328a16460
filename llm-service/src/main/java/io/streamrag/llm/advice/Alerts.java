package io.streamrag.llm.advice;

import io.micrometer.observation.ObservationRegistry;
import io.streamrag.agronomy.Agronomy;
import io.streamrag.agronomy.fertilization.FertilizationAdvice;
import io.streamrag.agronomy.fertilization.NutrientStatus;
import io.streamrag.agronomy.irrigation.IrrigationAdvice;
import io.streamrag.kit.kafka.AvroBatches;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.schemas.Ids;
import io.streamrag.schemas.ServiceTopics;
import io.streamrag.schemas.advice.AdviceKind;
import io.streamrag.schemas.advice.RecommendationIssued;
import io.streamrag.schemas.advice.RecommendationState;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * Proactive alerts, the recommendations of S1.10 pushed unasked, step by step: each new snapshot of
 * a sensor (a reading, a profile, a forecast, its station's observations) is advised on again; when
 * irrigation becomes needed, or the rain its station observed makes a pending irrigation
 * unnecessary, or a nutrient becomes low, one alert is published, and the new state is kept, so the
 * next reading that changes nothing alerts no one.
 */
public final class Alerts {

  private static final Logger log = LoggerFactory.getLogger(Alerts.class);
  private static final List<String> LANGUAGES = List.of("fa", "ar", "en");

  private final AgronomyTables tables;
  private final TopicView<RecommendationState> states;
  private final TopicWriter writer;
  private final JsonMapper json;
  private final Clock clock;
  private final ObservationRegistry observations;

  /**
   * Sensors whose last alerts the broker refused, with the state held before them: the view was
   * written through ahead of the refusal (and the new state not published), so the snapshot read
   * again (or the next one) is judged against that state, and its alert is sent, not skipped as
   * already advised on.
   */
  private final Map<String, Unsure> refused = new ConcurrentHashMap<>();

  /**
   * A sensor's refused poll: the state held before it, and what the view held after it. Once the
   * view holds anything else, another instance published a newer state, which is then trusted.
   */
  private record Unsure(RecommendationState before, RecommendationState after) {}

  public Alerts(
      AgronomyTables tables,
      TopicView<RecommendationState> states,
      TopicWriter writer,
      JsonMapper json,
      Clock clock,
      ObservationRegistry observations) {
    this.tables = tables;
    this.states = states;
    this.writer = writer;
    this.json = json;
    this.clock = clock;
    this.observations = observations;
  }

  /**
   * The snapshots of one poll, in order, each advised on in its own trace. Their alerts are
   * acknowledged together, then their new states: a state is published only once the alerts of its
   * change are, so no replica that takes the sensor over holds a state whose alert never went out.
   * A snapshot that fails is reported by its place, after those before it were acknowledged: the
   * binding files it as a dead letter.
   */
  public void onSnapshots(List<AvroBatches.Received<SensorSnapshotUpdated>> snapshots) {
    var alerts = writer.batch();
    Map<String, RecommendationState> kept = new LinkedHashMap<>();
    int done = 0;
    try {
      for (var snapshot : snapshots) {
        snapshot.observe(
            observations, "llm.alert.watch", () -> onSnapshot(snapshot.value(), alerts, kept));
        done++;
      }
    } catch (RuntimeException e) {
      publish(alerts, kept);
      throw AvroBatches.failed(snapshots.get(done).index(), e);
    }
    publish(alerts, kept);
  }

  /** The poll's alerts, acknowledged; then the states they left. */
  private void publish(TopicWriter.Batch alerts, Map<String, RecommendationState> kept) {
    alerts.await();
    var out = writer.batch();
    kept.forEach((sensor, state) -> out.send(ServiceTopics.SENSOR_RECOMMENDATIONS, sensor, state));
    out.await();
  }

  /**
   * Advises on a sensor's new snapshot: its alerts into the poll's batch, its new state held and
   * into {@code kept}.
   */
  private void onSnapshot(
      SensorSnapshotUpdated snapshot,
      TopicWriter.Batch batch,
      Map<String, RecommendationState> kept) {
    Agronomy agronomy;
    try {
      agronomy = tables.current();
    } catch (IllegalStateException e) {
      log.debug("no alert for {}: {}", snapshot.getSensorUuid(), e.getMessage());
      return;
    }
    // 1. nothing to do for an older snapshot read again: already advised on (unless the broker
    // refused what was sent for it)
    String sensor = snapshot.getSensorUuid();
    var held = states.get(sensor).orElse(null);
    var unsure = refused.get(sensor);
    if (unsure != null && unsure.after() != held) {
      refused.remove(sensor, unsure);
      unsure = null;
    }
    var before = unsure != null ? unsure.before() : held;
    if (before != null && before.getSnapshotVersion() >= snapshot.getVersion()) {
      return;
    }
    refused.remove(sensor);
    batch.onFailure(
        () -> refused.putIfAbsent(sensor, new Unsure(before, states.get(sensor).orElse(null))));
    // 2. the recommendations as of this snapshot; their reasons in every language are written
    // only for an alert (most snapshots change nothing, and each language costs a whole advice)
    var field = Fields.of(snapshot, null);
    var forecast = Fields.forecast(snapshot);
    var observed = Fields.observed(snapshot);
    var irrigationEn = agronomy.irrigation(field, forecast, observed, "en");
    var fertilizationEn = agronomy.fertilization(field, "en");
    Supplier<Map<String, IrrigationAdvice>> irrigation =
        inEveryLanguage(
            irrigationEn, language -> agronomy.irrigation(field, forecast, observed, language));
    Supplier<Map<String, FertilizationAdvice>> fertilization =
        inEveryLanguage(fertilizationEn, language -> agronomy.fertilization(field, language));
    var now = state(snapshot, irrigationEn, fertilizationEn);
    // 3. what changed since the last state: irrigation became needed, or observed rain made it
    // unnecessary; a nutrient became low
    if (!Boolean.TRUE.equals(before == null ? null : before.getIrrigationNeeded())
        && Boolean.TRUE.equals(now.getIrrigationNeeded())) {
      batch.send(
          ServiceTopics.SENSOR_ALERTS,
          snapshot.getSensorUuid(),
          alert(snapshot, AdviceKind.IRRIGATION, "irrigation_needed", irrigation.get()));
    }
    if (Boolean.TRUE.equals(before == null ? null : before.getIrrigationNeeded())) {
      RainCancels.reasons(agronomy, field, forecast, observed, irrigationEn, irrigation)
          .ifPresent(
              reasons ->
                  batch.send(
                      ServiceTopics.SENSOR_ALERTS,
                      snapshot.getSensorUuid(),
                      alert(
                          snapshot,
                          AdviceKind.IRRIGATION,
                          "irrigation_unnecessary_after_rain",
                          irrigationEn,
                          reasons)));
    }
    for (String nutrient : List.of("nitrogen", "phosphorus", "potassium")) {
      if (!"low".equals(before == null ? null : before.get(nutrient))
          && "low".equals(now.get(nutrient))) {
        batch.send(
            ServiceTopics.SENSOR_ALERTS,
            snapshot.getSensorUuid(),
            alert(snapshot, AdviceKind.FERTILIZATION, nutrient + "_low", fertilization.get()));
      }
    }
    // 4. keep the new state, so one change alerts once
    if (before == null || changed(before, now)) {
      states.update(sensor, now);
      kept.put(sensor, now);
    }
  }

  /** The advice in every language, English reused, computed once when first asked for. */
  private static <A> Supplier<Map<String, A>> inEveryLanguage(
      A english, Function<String, A> advise) {
    var held = new AtomicReference<Map<String, A>>();
    return () -> {
      if (held.get() == null) {
        var all = new LinkedHashMap<String, A>();
        for (String language : LANGUAGES) {
          all.put(language, language.equals("en") ? english : advise.apply(language));
        }
        held.set(all);
      }
      return held.get();
    };
  }

  private RecommendationState state(
      SensorSnapshotUpdated s, IrrigationAdvice irrigation, FertilizationAdvice fertilization) {
    var npk = fertilization.npkStatus();
    return RecommendationState.newBuilder()
        .setSensorUuid(s.getSensorUuid())
        .setIrrigationNeeded(irrigation.irrigationNeeded())
        .setNitrogen(name(npk == null ? null : npk.nitrogen()))
        .setPhosphorus(name(npk == null ? null : npk.phosphorus()))
        .setPotassium(name(npk == null ? null : npk.potassium()))
        .setSnapshotVersion(s.getVersion())
        .setUpdatedAt(clock.instant())
        .build();
  }

  private <A> RecommendationIssued alert(
      SensorSnapshotUpdated s, AdviceKind kind, String change, Map<String, A> advice) {
    var reasons = new LinkedHashMap<String, String>();
    advice.forEach(
        (language, a) ->
            reasons.put(
                language,
                a instanceof IrrigationAdvice i ? i.reason() : ((FertilizationAdvice) a).reason()));
    return alert(s, kind, change, advice.get("en"), reasons);
  }

  private RecommendationIssued alert(
      SensorSnapshotUpdated s,
      AdviceKind kind,
      String change,
      Object english,
      Map<String, String> reasons) {
    return RecommendationIssued.newBuilder()
        .setAlertId(Ids.of(s.getSensorUuid(), change + "@" + s.getVersion()))
        .setSensorUuid(s.getSensorUuid())
        .setKind(kind)
        .setChange(change)
        .setAdviceJson(json.writeValueAsString(english))
        .setReasons(reasons)
        .setSnapshotVersion(s.getVersion())
        .setMeasuredAt(s.getMeasuredAt())
        .setReceivedAt(s.getReceivedAt())
        .setIssuedAt(clock.instant())
        .build();
  }

  private static boolean changed(RecommendationState a, RecommendationState b) {
    return !Objects.equals(a.getIrrigationNeeded(), b.getIrrigationNeeded())
        || !Objects.equals(a.getNitrogen(), b.getNitrogen())
        || !Objects.equals(a.getPhosphorus(), b.getPhosphorus())
        || !Objects.equals(a.getPotassium(), b.getPotassium());
  }

  private static String name(NutrientStatus status) {
    return status == null ? null : status.json();
  }
}
