package io.streamrag.bridge.mqtt;

import io.streamrag.bridge.BridgeSteps;
import io.streamrag.bridge.BridgeSteps.Kind;
import io.streamrag.bridge.auth.Credentials;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Firmware over MQTT: a JSON reading (the same payload as the HTTP endpoint) published at QoS 1 to
 * {@code sensors/{sensor_uuid}/readings}. Hands each message to the pipeline; the future completes
 * once Kafka has the reading or its reject. Callers do not wait in line: one reading's round trip
 * to the broker never holds up the next.
 */
public final class MqttIngress {

  /** The topic filter the bridge serves. */
  public static final String FILTER = "sensors/+/readings";

  private static final Pattern TOPIC = Pattern.compile("sensors/([^/+#]+)/readings");

  private final BridgeSteps steps;

  public MqttIngress(BridgeSteps steps) {
    this.steps = steps;
  }

  /** True for a topic a device may publish readings to. */
  public static boolean isReadingTopic(String topic) {
    return TOPIC.matcher(topic).matches();
  }

  /** Accepts or refuses one message; bad input is kept as a reject, never thrown. */
  public CompletableFuture<BridgeSteps.Outcome> accept(
      String topic, Credentials credentials, byte[] payload) {
    Matcher m = TOPIC.matcher(topic);
    String sensor = m.matches() ? m.group(1) : topic;
    return steps.handle(Kind.READING, "mqtt", credentials, sensor, payload);
  }
}
