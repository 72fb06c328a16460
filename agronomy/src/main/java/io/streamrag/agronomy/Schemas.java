package io.streamrag.agronomy;

/**
 * Where the JSON Schemas (draft 2020-12) of the responses are on the classpath, for services that
 * validate what they send: {@code Agronomy.class.getResourceAsStream(Schemas.IRRIGATION_ADVICE)}.
 */
public final class Schemas {

  /** The irrigation response: {@code IrrigationAdvice} as JSON. */
  public static final String IRRIGATION_ADVICE = "/schemas/irrigation-advice.schema.json";

  /** The fertilization response: {@code FertilizationAdvice} as JSON. */
  public static final String FERTILIZATION_ADVICE = "/schemas/fertilization-advice.schema.json";

  private Schemas() {}
}
