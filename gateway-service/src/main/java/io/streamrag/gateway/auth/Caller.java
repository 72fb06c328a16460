package io.streamrag.gateway.auth;

import java.util.List;
import java.util.Set;

/**
 * An authenticated caller, the sensors it may ask about and the pipelines it may use (the first is
 * its default).
 */
public record Caller(String user, Set<String> sensors, List<String> pipelines) {

  public boolean mayUse(String pipeline) {
    return pipelines.contains(pipeline);
  }

  public boolean owns(String sensorUuid) {
    return sensors.contains(sensorUuid);
  }
}
