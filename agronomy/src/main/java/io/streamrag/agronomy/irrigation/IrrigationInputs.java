package io.streamrag.agronomy.irrigation;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;

/**
 * What the recommendation was computed from: the field as given, the readings with the layers they
 * stand for, the forecast days used and the parameters.
 *
 * @param ageHours the reading's age when computed, hours
 * @param maxAgeHours the age above which a reading is stale, hours
 * @param readings the moisture readings; layers and weights null when the root depth is unknown
 * @param rootZoneMoisturePercent the weighted root-zone mean θ, volumetric percent; null when not
 *     computed
 * @param forecast the forecast days used (today onwards, consecutive), computed values null when
 *     not computed
 * @param parameters null when inputs were missing
 * @param station the field's weather station and what of it the balance counted; null without one
 * @param observed the station's last days beside the forecast, each naming its source
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record IrrigationInputs(
    String crop,
    @JsonProperty("growth_stage") String growthStage,
    @JsonProperty("soil_texture") String soilTexture,
    @JsonProperty("irrigation_method") String irrigationMethod,
    Double latitude,
    @JsonProperty("measured_at") Instant measuredAt,
    @JsonProperty("age_hours") Double ageHours,
    @JsonProperty("max_age_hours") double maxAgeHours,
    List<Layer> readings,
    @JsonProperty("root_zone_moisture_percent") Double rootZoneMoisturePercent,
    List<BalanceDay> forecast,
    IrrigationParameters parameters,
    StationEcho station,
    List<ObservedDayEcho> observed) {

  /** The same inputs with the field's station and its days. */
  IrrigationInputs withStation(StationEcho station, List<ObservedDayEcho> observed) {
    return new IrrigationInputs(
        crop,
        growthStage,
        soilTexture,
        irrigationMethod,
        latitude,
        measuredAt,
        ageHours,
        maxAgeHours,
        readings,
        rootZoneMoisturePercent,
        forecast,
        parameters,
        station,
        observed);
  }
}
