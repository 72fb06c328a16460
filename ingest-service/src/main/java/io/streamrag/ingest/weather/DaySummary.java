package io.streamrag.ingest.weather;

import io.streamrag.agronomy.et0.DayWeather;
import io.streamrag.agronomy.et0.ReferenceEt;
import io.streamrag.schemas.weather.StationRegistered;
import io.streamrag.schemas.weather.WeatherDayObserved;
import java.time.LocalDate;

/**
 * A day's summary from what its observations covered: mean wind, solar radiation, completeness and
 * FAO-56 ET0. A day is complete when its records cover all but {@link #GAP_S} of it; its radiation
 * is the mean irradiance of the covered time over the whole day, and counts when it too covers all
 * but that gap; else ET0 falls back to Hargreaves (eq. 52). An incomplete day has no ET0 yet: the
 * morning's weather is not the day's.
 */
final class DaySummary {

  /** The part of a day its records may miss and still make it whole: 4 of 24 hours. */
  static final int GAP_S = 4 * 3600;

  private DaySummary() {}

  static WeatherDayObserved complete(
      WeatherDayObserved record, StationRegistered station, LocalDay localDay) {
    var day = record.getDay();
    int covered = Coverage.total(record.getCovered());
    boolean complete = covered >= localDay.length() - GAP_S;
    day.setCoverageS(covered);
    day.setComplete(complete);
    if (covered > 0) {
      day.setWindSpeed(record.getWindMsS() / covered);
    }
    if (!record.getFromDaily()) {
      day.setSolarRadiationMj(
          record.getRadiationS() >= localDay.length() - GAP_S
              ? record.getRadiationJ() / record.getRadiationS() * localDay.length() / 1e6
              : null);
    }
    if (complete) {
      var et0 =
          ReferenceEt.daily(
              station.getLatitude(),
              station.getElevationM(),
              new DayWeather(
                  LocalDate.parse(day.getDate()),
                  day.getTMin(),
                  day.getTMax(),
                  day.getRhMax(),
                  day.getRhMin(),
                  day.getWindSpeed(),
                  day.getSolarRadiationMj()));
      day.setEt0Mm(et0.mm());
      day.setEt0Method(et0.method());
    } else {
      day.setEt0Mm(null);
      day.setEt0Method(null);
    }
    return record;
  }
}
