package io.streamrag.ingest.weather;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.streamrag.ingest.IngestSteps;
import io.streamrag.ingest.snapshot.WeatherChanged;
import io.streamrag.kit.kafka.AvroBatches;
import io.streamrag.kit.kafka.AvroBatches.Received;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.kit.kafka.UndecodableRecordException;
import io.streamrag.schemas.WeatherTopics;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import io.streamrag.schemas.weather.WeatherDayObserved;
import io.streamrag.schemas.weather.WeatherObserved;
import java.lang.invoke.VarHandle;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.apache.avro.specific.SpecificRecord;

/**
 * A weather station's observations, step by step: folded into the station's days with FAO-56 ET0,
 * published on {@code weather.days}, and every field that follows the station gets its snapshot
 * re-rendered with the station's last days and made searchable again, on a few threads at once.
 */
public final class WeatherSteps {

  private final StationDays days;
  private final DayFolder folder;
  private final FieldWeathers weathers;
  private final TopicView<SensorSnapshotUpdated> snapshots;
  private final IngestSteps fields;
  private final TopicWriter writer;
  private final Timer fanOut;
  private final int threads;
  private final Executor helpers;

  public WeatherSteps(
      StationDays days,
      FieldWeathers weathers,
      TopicView<SensorSnapshotUpdated> snapshots,
      IngestSteps fields,
      TopicWriter writer,
      MeterRegistry meters,
      int threads,
      Executor helpers) {
    this.threads = threads;
    this.helpers = helpers;
    this.days = days;
    this.folder = new DayFolder();
    this.weathers = weathers;
    this.snapshots = snapshots;
    this.fields = fields;
    this.writer = writer;
    this.fanOut =
        Timer.builder("ingest.weather.fan_out")
            .description("Re-rendering and publishing every field linked to a station")
            .publishPercentiles(0.5, 0.95, 0.99)
            .register(meters);
  }

  /** The observations of one poll, in their order. */
  public void onObservations(List<Received<SpecificRecord>> events) {
    var out = writer.batch();
    Map<String, WeatherDayObserved> changed = new LinkedHashMap<>();
    Map<String, Instant> stations = new LinkedHashMap<>();
    for (var event : events) {
      if (!(event.value() instanceof WeatherObserved observed)) {
        finish(out, changed, stations);
        throw AvroBatches.failed(
            event.index(),
            new UndecodableRecordException(
                "not an observation: " + event.value().getClass().getSimpleName(), null));
      }
      // 1. the station as registered: its place, elevation and zone
      var station = days.station(observed.getStationId());
      if (station.isEmpty()) {
        finish(out, changed, stations);
        // retried (the registration may be a moment behind), then dead-lettered
        throw AvroBatches.failed(
            event.index(),
            new IllegalStateException("station " + observed.getStationId() + " is not registered"));
      }
      // 2. fold it into the station's days, as this poll left them
      String id = observed.getStationId();
      var folded =
          folder.fold(
              observed,
              station.get(),
              date ->
                  Optional.ofNullable(changed.get(StationDays.key(id, date)))
                      .or(() -> days.day(id, date)));
      // 3. publish the days it changed
      for (var day : folded) {
        String key = StationDays.key(id, LocalDate.parse(day.getDay().getDate()));
        out.send(WeatherTopics.WEATHER_DAYS, key, day);
        changed.put(key, day);
        stations.merge(id, observed.getReceivedAt(), (a, b) -> a.isAfter(b) ? a : b);
      }
    }
    finish(out, changed, stations);
  }

  /** 4. wait for the broker, hold the days; 5. re-render every field of each changed station. */
  private void finish(
      TopicWriter.Batch out,
      Map<String, WeatherDayObserved> changed,
      Map<String, Instant> stations) {
    out.await();
    changed.values().forEach(days::update);
    // the days written before the view is read: a field linked meanwhile is either in the view
    // now, or its link reads these days once its snapshot is there (IngestSteps step 5)
    VarHandle.fullFence();
    stations.forEach(this::refreshFields);
    changed.clear();
    stations.clear();
  }

  private void refreshFields(String stationId, Instant receivedAt) {
    long start = System.nanoTime();
    var changes = new ArrayList<WeatherChanged>();
    for (var snapshot : snapshots.values()) {
      var weather = snapshot.getWeather();
      if (weather != null && weather.getStationId().equals(stationId)) {
        weathers
            .of(stationId, weather.getLinkedBy(), weather.getDistanceKm())
            .ifPresent(w -> changes.add(new WeatherChanged(snapshot.getSensorUuid(), w)));
      }
    }
    if (changes.isEmpty()) {
      return;
    }
    // the fields in slices, one per thread, each holding its own fields' locks: the consumer's
    // thread renders the first, helpers the others, and the poll waits for all of them
    int slices = Math.min(threads, changes.size());
    var others = new ArrayList<CompletableFuture<Void>>();
    for (int s = 1; s < slices; s++) {
      var slice = slice(changes, s, slices);
      others.add(
          CompletableFuture.runAsync(() -> fields.onWeatherChanged(slice, receivedAt), helpers));
    }
    fields.onWeatherChanged(slice(changes, 0, slices), receivedAt);
    try {
      CompletableFuture.allOf(others.toArray(CompletableFuture[]::new)).join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : e;
    }
    fanOut.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
  }

  /** Every {@code of}-th change from the {@code index}-th. */
  private static List<WeatherChanged> slice(List<WeatherChanged> changes, int index, int of) {
    var out = new ArrayList<WeatherChanged>();
    for (int i = index; i < changes.size(); i += of) {
      out.add(changes.get(i));
    }
    return out;
  }
}
