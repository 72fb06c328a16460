package io.streamrag.bridge;

import java.time.Duration;
import java.util.List;

/** Bridge settings for unit tests. */
public final class TestProperties {

  private TestProperties() {}

  public static BridgeProperties withMaxPayload(int bytes) {
    return new BridgeProperties(
        List.of(),
        new BridgeProperties.Admin(""),
        bytes,
        Duration.ofDays(7),
        Duration.ofMinutes(5),
        new BridgeProperties.Mqtt(
            BridgeProperties.Mqtt.Mode.OFF,
            "127.0.0.1",
            0,
            null,
            null,
            null,
            "test",
            BridgeProperties.Mqtt.Tls.OFF),
        new BridgeProperties.ForecastPoll(false, "http://127.0.0.1/", Duration.ofHours(6)),
        new BridgeProperties.Weather(
            30,
            new BridgeProperties.ObservationPoll(
                false, "http://127.0.0.1/", Duration.ofMinutes(15), List.of())));
  }
}
