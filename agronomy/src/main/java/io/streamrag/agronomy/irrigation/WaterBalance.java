package io.streamrag.agronomy.irrigation;

import java.util.List;

/**
 * The daily root-zone balance run forward over the forecast (FAO-56 eq. 85 without irrigation,
 * capillary rise or runoff beyond the effective-rain rule): Dr(i) = Dr(i−1) − Peff(i) + ETc(i). Dr
 * stays within 0–TAW (FAO-56, after eq. 85): water above field capacity drains (eq. 88), and below
 * the wilting point none is left to take.
 */
final class WaterBalance {

  private WaterBalance() {}

  /** End-of-day depletion for each day, mm, starting from {@code startMm}. */
  static double[] run(double startMm, List<DayWater> days, double taw) {
    double[] depletion = new double[days.size()];
    double dr = startMm;
    for (int i = 0; i < days.size(); i++) {
      DayWater day = days.get(i);
      dr = Math.max(0, Math.min(taw, dr - day.effectiveRainMm() + day.etcMm()));
      depletion[i] = dr;
    }
    return depletion;
  }

  /** The first day whose end-of-day depletion reaches that day's RAW; −1 when none does. */
  static int firstReachingRaw(double[] depletion, List<DayWater> days) {
    for (int i = 0; i < depletion.length; i++) {
      if (depletion[i] >= days.get(i).rawMm()) {
        return i;
      }
    }
    return -1;
  }

  /** The first day with effective rain; −1 when none has. */
  static int firstUsefulRain(List<DayWater> days) {
    for (int i = 0; i < days.size(); i++) {
      if (days.get(i).effectiveRainMm() > 0) {
        return i;
      }
    }
    return -1;
  }
}
