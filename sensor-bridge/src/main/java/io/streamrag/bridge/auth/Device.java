package io.streamrag.bridge.auth;

import java.util.Set;

/**
 * Who may publish, and for which sensors.
 *
 * @param id recorded with every reading; also the device's MQTT username
 * @param sensors the sensors it may publish for
 * @param anySensor true for the operator (admin token) and an external MQTT broker that checks its
 *     own ACL
 */
public record Device(String id, Set<String> sensors, boolean anySensor) {

  public boolean mayPublishFor(String sensorUuid) {
    return anySensor || sensors.contains(sensorUuid);
  }
}
