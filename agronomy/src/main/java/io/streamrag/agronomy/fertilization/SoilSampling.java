package io.streamrag.agronomy.fertilization;

import io.streamrag.agronomy.table.Parameters;

/** The sampled soil layer (soil-sampling.csv): what 1 mg/kg weighs per hectare. */
record SoilSampling(double bulkDensity, double depthCm) {

  static final String FILE = "soil-sampling.csv";

  static SoilSampling read(String text) {
    var parameters = Parameters.read(FILE, text);
    return new SoilSampling(
        parameters.number("bulk_density_g_cm3", 0.8, 2.0),
        parameters.number("sampling_depth_cm", 5, 100));
  }

  /** kg/ha per mg/kg: bulk density (t/m³) × depth (cm) × 0.1. */
  double kgPerHaPerMgKg() {
    return bulkDensity * depthCm * 0.1;
  }
}
