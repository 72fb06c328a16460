package io.streamrag.gateway.page;

import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import io.streamrag.schemas.weather.FieldWeather;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A sensor's snapshot as the page reads it: the latest readings and their text in three languages,
 * the daily soil moisture of the last week, and its weather station's days (rain, ET0,
 * temperature): what the field card and its 7-day chart show.
 */
final class SnapshotJson {

  private SnapshotJson() {}

  static Map<String, Object> of(SensorSnapshotUpdated s) {
    var out = new LinkedHashMap<String, Object>();
    out.put("sensor_uuid", s.getSensorUuid());
    out.put("measured_at", s.getMeasuredAt().toString());
    out.put("soil_moisture", s.getSoilMoisture());
    out.put("temperature", s.getTemperature());
    out.put("ph", s.getPh());
    out.put("ec", s.getEc());
    out.put("nitrogen", s.getNitrogen());
    out.put("phosphorus", s.getPhosphorus());
    out.put("potassium", s.getPotassium());
    out.put("text_en", s.getTextEn());
    out.put("text_fa", s.getTextFa());
    out.put("text_ar", s.getTextAr());
    out.put(
        "daily",
        s.getDaily().stream()
            .filter(d -> d.getField().equals("soil_moisture"))
            .map(
                d ->
                    Map.<String, Object>of(
                        "date", d.getDate(),
                        "soil_moisture", d.getLast(),
                        "min", d.getMin(),
                        "max", d.getMax()))
            .toList());
    out.put("weather", weather(s.getWeather()));
    return out;
  }

  private static Map<String, Object> weather(FieldWeather w) {
    if (w == null) {
      return null;
    }
    var out = new LinkedHashMap<String, Object>();
    out.put("station_id", w.getStationId());
    out.put("station_name", w.getStationName());
    out.put("distance_km", w.getDistanceKm());
    out.put("linked_by", w.getLinkedBy());
    out.put("time_zone", w.getTimeZone());
    List<Map<String, Object>> days =
        w.getDays().stream()
            .map(
                d -> {
                  var day = new LinkedHashMap<String, Object>();
                  day.put("date", d.getDate());
                  day.put("rain_mm", round(d.getRainMm()));
                  day.put("et0_mm", d.getEt0Mm() == null ? null : round(d.getEt0Mm()));
                  day.put("et0_method", d.getEt0Method());
                  day.put("t_min", round(d.getTMin()));
                  day.put("t_max", round(d.getTMax()));
                  day.put("complete", d.getComplete());
                  return (Map<String, Object>) day;
                })
            .toList();
    out.put("days", days);
    return out;
  }

  private static double round(double v) {
    return Math.round(v * 10) / 10.0;
  }
}
