package io.streamrag.bridge.validate;

import io.streamrag.schemas.sensor.SensorReadingReceived;
import java.util.function.BiConsumer;

/** The values a reading may carry, with their unit and the range a real sensor can report. */
public enum Measurement {
  SOIL_MOISTURE("soil_moisture", 0, 100, "percent", SensorReadingReceived.Builder::setSoilMoisture),
  TEMPERATURE("temperature", -40, 70, "°C", SensorReadingReceived.Builder::setTemperature),
  PH("ph", 0, 14, "pH", SensorReadingReceived.Builder::setPh),
  EC("ec", 0, 100, "dS/m", SensorReadingReceived.Builder::setEc),
  NITROGEN("nitrogen", 0, 10_000, "mg/kg", SensorReadingReceived.Builder::setNitrogen),
  PHOSPHORUS("phosphorus", 0, 10_000, "mg/kg", SensorReadingReceived.Builder::setPhosphorus),
  POTASSIUM("potassium", 0, 10_000, "mg/kg", SensorReadingReceived.Builder::setPotassium);

  final String field;
  final double min;
  final double max;
  final String unit;
  private final BiConsumer<SensorReadingReceived.Builder, Double> setter;

  Measurement(
      String field,
      double min,
      double max,
      String unit,
      BiConsumer<SensorReadingReceived.Builder, Double> setter) {
    this.field = field;
    this.min = min;
    this.max = max;
    this.unit = unit;
    this.setter = setter;
  }

  /** The JSON field name. */
  public String field() {
    return field;
  }

  void set(SensorReadingReceived.Builder builder, double value) {
    setter.accept(builder, value);
  }
}
