package io.streamrag.llm.advice;

import io.streamrag.agronomy.field.DepthMoisture;
import io.streamrag.agronomy.field.FieldState;
import io.streamrag.agronomy.field.ForecastDay;
import io.streamrag.agronomy.field.ObservedDay;
import io.streamrag.agronomy.field.ObservedWeather;
import io.streamrag.agronomy.field.SoilMoisture;
import io.streamrag.agronomy.field.SoilNutrients;
import io.streamrag.schemas.sensor.DepthReading;
import io.streamrag.schemas.sensor.SensorProfileUpdated;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/**
 * A field as its sensor's snapshot describes it: latest readings, the profile (location, soil
 * texture, crop, irrigation method, moisture at depths), the forecast and what its weather station
 * observed.
 */
final class Fields {

  private Fields() {}

  /**
   * The field's state.
   *
   * @param crop the crop asked about, overriding the profile's; null: the profile's
   */
  static FieldState of(SensorSnapshotUpdated s, String crop) {
    SensorProfileUpdated profile = s.getProfile();
    return new FieldState(
        crop != null ? crop : profile == null ? null : profile.getCrop(),
        profile == null ? null : profile.getGrowthStage(),
        profile == null ? null : profile.getSoilTexture(),
        profile == null ? null : profile.getIrrigationMethod(),
        profile == null ? null : profile.getLatitude(),
        new SoilMoisture(depths(s, profile), s.getSoilMoisture(), s.getMeasuredAt()),
        new SoilNutrients(s.getNitrogen(), s.getPhosphorus(), s.getPotassium(), s.getMeasuredAt()));
  }

  /** A field whose sensor never reported: only the crop asked about, if any. */
  static FieldState none(String crop) {
    return new FieldState(crop, null, null, null, null, null, null);
  }

  /** The forecast's days, in order. */
  static List<ForecastDay> forecast(SensorSnapshotUpdated s) {
    if (s.getForecast() == null) {
      return List.of();
    }
    return s.getForecast().getDays().stream()
        .map(
            d ->
                new ForecastDay(
                    LocalDate.parse(d.getDate()),
                    d.getTMin(),
                    d.getTMax(),
                    d.getPrecipitationMm(),
                    d.getEt0Mm()))
        .toList();
  }

  /** What the field's weather station observed, as its snapshot carries it; null without one. */
  static ObservedWeather observed(SensorSnapshotUpdated s) {
    var w = s.getWeather();
    if (w == null) {
      return null;
    }
    return new ObservedWeather(
        w.getStationId(),
        w.getStationName(),
        w.getDistanceKm(),
        w.getLinkedBy(),
        ZoneId.of(w.getTimeZone()),
        w.getDays().stream()
            .map(
                d ->
                    new ObservedDay(
                        LocalDate.parse(d.getDate()),
                        d.getTMin(),
                        d.getTMax(),
                        d.getRainMm(),
                        d.getEt0Mm(),
                        d.getEt0Method(),
                        d.getComplete()))
            .toList());
  }

  /** The same station days with no rain: what the field would need had none fallen. */
  static ObservedWeather withoutRain(ObservedWeather w) {
    return new ObservedWeather(
        w.stationId(),
        w.stationName(),
        w.distanceKm(),
        w.linkedBy(),
        w.zone(),
        w.days().stream()
            .map(
                d ->
                    new ObservedDay(
                        d.date(), d.tMin(), d.tMax(), 0, d.et0Mm(), d.et0Method(), d.complete()))
            .toList());
  }

  /**
   * The moisture at the profile's depths. The sensor's live reading is newer than a profile sent
   * before it, and the sensor sits in the top layer: it stands for the shallowest depth then.
   */
  private static List<DepthMoisture> depths(SensorSnapshotUpdated s, SensorProfileUpdated profile) {
    var depths = new ArrayList<DepthMoisture>();
    if (profile == null) {
      return depths;
    }
    boolean liveIsNewer =
        s.getSoilMoisture() != null && s.getMeasuredAt().isAfter(profile.getReceivedAt());
    for (int i = 0; i < profile.getDepths().size(); i++) {
      DepthReading d = profile.getDepths().get(i);
      Double percent = i == 0 && liveIsNewer ? s.getSoilMoisture() : d.getSoilMoisture();
      depths.add(new DepthMoisture(d.getDepthCm(), percent));
    }
    return depths;
  }
}
