package io.streamrag.gateway.auth;

import java.util.Set;

/** An authenticated caller and the sensors it may ask about. */
public record Caller(String user, Set<String> sensors) {

  public boolean owns(String sensorUuid) {
    return sensors.contains(sensorUuid);
  }
}
