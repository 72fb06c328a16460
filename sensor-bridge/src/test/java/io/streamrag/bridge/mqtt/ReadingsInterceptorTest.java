package io.streamrag.bridge.mqtt;

import static org.assertj.core.api.Assertions.assertThat;

import io.moquette.interception.messages.InterceptPublishMessage;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.mqtt.MqttFixedHeader;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttPublishMessage;
import io.netty.handler.codec.mqtt.MqttPublishVariableHeader;
import io.netty.handler.codec.mqtt.MqttQoS;
import io.netty.util.ReferenceCountUtil;
import io.streamrag.bridge.auth.Credentials;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The interceptor's part of Moquette's buffer contract, as Moquette 0.17's {@code
 * BrokerInterceptor} plays it: each interceptor gets a retained duplicate and the broker releases
 * only its own reference, so the payload is freed only if the interceptor releases the duplicate.
 */
class ReadingsInterceptorTest {

  record Handed(String topic, Credentials credentials, String payload) {}

  @Test
  void theReadingIsHandedOnWithItsBytesAndThePayloadBufferIsFreed() {
    var handed = new ArrayList<Handed>();
    var interceptor = interceptor(handed, CompletableFuture.completedFuture(null));
    var message = publish("sensors/s-1/readings", "{\"soil_moisture\":27.5}");

    interceptor.onPublish(new InterceptPublishMessage(message.retainedDuplicate(), "c", "field-7"));
    ReferenceCountUtil.release(message); // the broker's own reference

    assertThat(handed).hasSize(1);
    assertThat(handed.get(0).topic()).isEqualTo("sensors/s-1/readings");
    assertThat(handed.get(0).payload()).isEqualTo("{\"soil_moisture\":27.5}");
    assertThat(handed.get(0).credentials()).isEqualTo(new Credentials.ConnectedDevice("field-7"));
    assertThat(message.content().refCnt()).as("no reference left: the buffer is freed").isZero();
  }

  @Test
  void aReadingKafkaRefusesIsLoggedAndItsBufferFreedToo() {
    var interceptor =
        interceptor(new ArrayList<>(), CompletableFuture.failedFuture(new IllegalStateException()));
    var message = publish("sensors/s-1/readings", "{}");

    interceptor.onPublish(new InterceptPublishMessage(message.retainedDuplicate(), "c", "field-7"));
    ReferenceCountUtil.release(message);

    assertThat(message.content().refCnt()).isZero();
  }

  private static ReadingsInterceptor interceptor(List<Handed> handed, CompletableFuture<?> result) {
    return new ReadingsInterceptor(
        (topic, credentials, payload) -> {
          handed.add(new Handed(topic, credentials, new String(payload, StandardCharsets.UTF_8)));
          return result;
        });
  }

  private static MqttPublishMessage publish(String topic, String payload) {
    return new MqttPublishMessage(
        new MqttFixedHeader(MqttMessageType.PUBLISH, false, MqttQoS.AT_LEAST_ONCE, false, 0),
        new MqttPublishVariableHeader(topic, 1),
        Unpooled.copiedBuffer(payload, StandardCharsets.UTF_8));
  }
}
