package io.streamrag.bridge.mqtt;

import io.streamrag.bridge.BridgeSteps;
import io.streamrag.bridge.BridgeSteps.Kind;
import io.streamrag.bridge.StationSteps;
import io.streamrag.bridge.auth.Credentials;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Firmware over MQTT: a JSON reading (the same payload as the HTTP endpoint) published at QoS 1 to
 * {@code sensors/{sensor_uuid}/readings}, or a weather station's observation to {@code
 * stations/{station_id}/observations}. Hands each message to the pipeline; the future completes
 * once Kafka has the reading or its reject. Callers do not wait in line: one reading's round trip
 * to the broker never holds up the next.
 */
public final class MqttIngress {

  /** The topic filter of readings. */
  public static final String FILTER = "sensors/+/readings";

  /** The topic filter of weather stations' observations. */
  public static final String STATION_FILTER = "stations/+/observations";

  private static final Pattern TOPIC = Pattern.compile("sensors/([^/+#]+)/readings");
  private static final Pattern STATION_TOPIC = Pattern.compile("stations/([^/+#]+)/observations");

  private final BridgeSteps steps;
  private final StationSteps stations;

  public MqttIngress(BridgeSteps steps, StationSteps stations) {
    this.steps = steps;
    this.stations = stations;
  }

  /** True for a topic a device may publish readings to, or a station its observations. */
  public static boolean isReadingTopic(String topic) {
    return TOPIC.matcher(topic).matches() || STATION_TOPIC.matcher(topic).matches();
  }

  /** Accepts or refuses one message; bad input is kept as a reject, never thrown. */
  public CompletableFuture<BridgeSteps.Outcome> accept(
      String topic, Credentials credentials, byte[] payload) {
    Matcher station = STATION_TOPIC.matcher(topic);
    if (station.matches()) {
      return stations.handle("mqtt", credentials, station.group(1), payload);
    }
    Matcher m = TOPIC.matcher(topic);
    String sensor = m.matches() ? m.group(1) : topic;
    return steps.handle(Kind.READING, "mqtt", credentials, sensor, payload);
  }
}
