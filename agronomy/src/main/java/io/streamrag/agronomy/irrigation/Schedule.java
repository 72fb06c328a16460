package io.streamrag.agronomy.irrigation;

import java.time.LocalDate;
import java.util.List;

/**
 * The decision taken from the balance.
 *
 * <p>Irrigation is needed when depletion is at or above RAW now, or reaches RAW on a forecast day
 * no later than the first day with useful (effective) rain: that day's balance already counts its
 * rain, so rain too small to hold depletion below RAW does not put irrigation off. The net depth
 * refills the root zone to field capacity (Dr = 0), FAO-56's net irrigation depth when irrigating
 * at Dr: now, or on the day RAW is reached.
 *
 * @param needed whether to irrigate
 * @param day the forecast day to irrigate on; −1 for now
 * @param netMm net depth to bring Dr back to 0, mm; 0 when not needed
 * @param rainDay the first forecast day with useful rain; −1 when none
 * @param nextCheck when depletion reaches RAW (after the refill, if irrigating now); the day after
 *     the forecast when it does not within it
 * @param basis {@code raw_reached}, {@code raw_reached_after_irrigation} or {@code forecast_ends}
 */
record Schedule(
    boolean needed, int day, double netMm, int rainDay, LocalDate nextCheck, String basis) {

  static Schedule decide(double depletionNow, List<DayWater> days, double taw) {
    int rain = WaterBalance.firstUsefulRain(days);
    if (depletionNow >= days.get(0).rawMm()) {
      double[] refilled = WaterBalance.run(0, days, taw);
      int again = WaterBalance.firstReachingRaw(refilled, days);
      return again < 0
          ? new Schedule(true, -1, depletionNow, rain, afterForecast(days), "forecast_ends")
          : new Schedule(
              true, -1, depletionNow, rain, days.get(again).date(), "raw_reached_after_irrigation");
    }
    double[] depletion = WaterBalance.run(depletionNow, days, taw);
    int reached = WaterBalance.firstReachingRaw(depletion, days);
    if (reached < 0) {
      return new Schedule(false, -1, 0, rain, afterForecast(days), "forecast_ends");
    }
    boolean beforeRain = rain < 0 || reached <= rain;
    return new Schedule(
        beforeRain,
        reached,
        beforeRain ? depletion[reached] : 0,
        rain,
        days.get(reached).date(),
        "raw_reached");
  }

  private static LocalDate afterForecast(List<DayWater> days) {
    return days.get(days.size() - 1).date().plusDays(1);
  }
}
