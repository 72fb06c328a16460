package io.streamrag.agronomy.field;

import java.time.Instant;
import java.util.List;

/**
 * Volumetric soil moisture of a field (S1.3: the sensor's readings and its profile).
 *
 * @param profile readings at depths (e.g. 10, 30, 60 cm); used when at least one has a value
 * @param topPercent the sensor's single reading, used for the whole root zone when no profile depth
 *     has a value
 * @param measuredAt when the values used were measured: the start of the staleness clock
 */
public record SoilMoisture(List<DepthMoisture> profile, Double topPercent, Instant measuredAt) {

  public SoilMoisture {
    profile = profile == null ? List.of() : List.copyOf(profile);
  }
}
