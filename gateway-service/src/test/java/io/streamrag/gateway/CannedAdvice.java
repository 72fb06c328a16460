package io.streamrag.gateway;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Advice JSON as llm-service sends it: computed by the agronomy module from the demo tables (maize
 * on loam, drip, 18 % moisture, a dry week ahead; soil test N 8, P 15, K 250 mg/kg).
 */
public final class CannedAdvice {

  private CannedAdvice() {}

  public static String irrigation() {
    return read("/advice/irrigation.json");
  }

  public static String fertilization() {
    return read("/advice/fertilization.json");
  }

  private static String read(String resource) {
    try (InputStream in = CannedAdvice.class.getResourceAsStream(resource)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
