package io.streamrag.ingest.snapshot;

import io.streamrag.schemas.sensor.DailyStat;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Soil moisture per local day over the last {@link #DAYS} dates: what the page's 7-day chart draws
 * beside its station's rain and ET0. Days are the station's when the field has one, else UTC's.
 */
final class DailyStats {

  /** The last 7 days and today. */
  static final int DAYS = 8;

  static final String FIELD = "soil_moisture";

  private DailyStats() {}

  static List<DailyStat> after(SensorSnapshotUpdated current, SensorReadingReceived r) {
    List<DailyStat> before = current == null ? List.of() : current.getDaily();
    if (r.getSoilMoisture() == null) {
      return before;
    }
    double v = r.getSoilMoisture();
    ZoneId zone =
        current != null && current.getWeather() != null
            ? ZoneId.of(current.getWeather().getTimeZone())
            : ZoneOffset.UTC;
    LocalDate date = LocalDate.ofInstant(r.getMeasuredAt(), zone);
    LocalDate oldest = date.minusDays(DAYS - 1L);
    var after = new ArrayList<DailyStat>();
    boolean found = false;
    for (DailyStat s : before) {
      if (LocalDate.parse(s.getDate()).isBefore(oldest)) {
        continue;
      }
      var copy = DailyStat.newBuilder(s).build();
      if (copy.getField().equals(FIELD) && copy.getDate().equals(date.toString())) {
        copy.setMin(Math.min(copy.getMin(), v));
        copy.setMax(Math.max(copy.getMax(), v));
        copy.setLast(v);
        copy.setCount(copy.getCount() + 1);
        found = true;
      }
      after.add(copy);
    }
    if (!found) {
      after.add(new DailyStat(FIELD, date.toString(), v, v, v, 1));
    }
    after.sort(Comparator.comparing(DailyStat::getField).thenComparing(DailyStat::getDate));
    return after;
  }
}
