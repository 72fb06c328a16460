package io.streamrag.agronomy.irrigation;

import io.streamrag.agronomy.field.DepthMoisture;
import io.streamrag.agronomy.field.SoilMoisture;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The root zone's average water content from the readings.
 *
 * <p>Each profile sensor stands for the soil nearer to it than to any other sensor: layer bounds
 * lie halfway between adjacent depths, the top layer starts at the surface and the deepest ends at
 * the root depth Zr. Layers are clipped to 0–Zr, so a sensor below the root zone (its layer starts
 * at or below Zr) weighs 0: its water is out of the roots' reach. With no profile value, the single
 * reading stands for the whole root zone.
 *
 * @param thetaPercent the weighted mean, volumetric percent
 * @param layers every reading used, with its layer and weight
 */
record RootZone(double thetaPercent, List<Layer> layers) {

  /** The root-zone average, or null when there is no reading at all. */
  static RootZone of(SoilMoisture moisture, double rootDepthM) {
    double zrCm = rootDepthM * 100;
    var profile =
        moisture.profile().stream()
            .filter(d -> d.percent() != null)
            .sorted(Comparator.comparingInt(DepthMoisture::depthCm))
            .toList();
    if (profile.isEmpty()) {
      Double top = moisture.topPercent();
      return top == null ? null : new RootZone(top, List.of(new Layer(null, top, 0.0, zrCm, 1.0)));
    }
    var layers = new ArrayList<Layer>();
    double sum = 0;
    for (int i = 0; i < profile.size(); i++) {
      double top = i == 0 ? 0 : midpoint(profile, i - 1);
      double bottom = i == profile.size() - 1 ? zrCm : midpoint(profile, i);
      top = Math.min(top, zrCm);
      bottom = Math.min(bottom, zrCm);
      double weight = (bottom - top) / zrCm;
      layers.add(
          new Layer(profile.get(i).depthCm(), profile.get(i).percent(), top, bottom, weight));
      sum += weight * profile.get(i).percent();
    }
    return new RootZone(sum, layers);
  }

  /** The readings as given, for the echo when the root depth is unknown. */
  static List<Layer> unweighted(SoilMoisture moisture) {
    var readings = new ArrayList<Layer>();
    moisture.profile().stream()
        .filter(d -> d.percent() != null)
        .forEach(d -> readings.add(new Layer(d.depthCm(), d.percent(), null, null, null)));
    if (readings.isEmpty() && moisture.topPercent() != null) {
      readings.add(new Layer(null, moisture.topPercent(), null, null, null));
    }
    return readings;
  }

  private static double midpoint(List<DepthMoisture> profile, int upper) {
    return (profile.get(upper).depthCm() + profile.get(upper + 1).depthCm()) / 2.0;
  }
}
