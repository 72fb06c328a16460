package io.streamrag.bridge.mqtt;

import io.moquette.interception.AbstractInterceptHandler;
import io.moquette.interception.messages.InterceptPublishMessage;
import io.netty.buffer.ByteBufUtil;
import io.streamrag.bridge.auth.Credentials;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands each message the embedded broker accepted to {@link MqttIngress}. Moquette gives every
 * interceptor a retained duplicate of the message and releases only its own reference, so the
 * payload is released here once its bytes are copied: without that, every reading leaked a pooled
 * direct buffer (Netty's leak detector said so under load).
 */
final class ReadingsInterceptor extends AbstractInterceptHandler {

  private static final Logger log = LoggerFactory.getLogger(ReadingsInterceptor.class);

  /** Where a message goes: {@link MqttIngress#accept}. */
  @FunctionalInterface
  interface Ingress {
    CompletableFuture<?> accept(String topic, Credentials credentials, byte[] payload);
  }

  private final Ingress ingress;

  ReadingsInterceptor(Ingress ingress) {
    this.ingress = ingress;
  }

  @Override
  public String getID() {
    return "streamrag-readings";
  }

  @Override
  public Class<?>[] getInterceptedMessageTypes() {
    return new Class<?>[] {InterceptPublishMessage.class};
  }

  @Override
  public void onPublish(InterceptPublishMessage msg) {
    byte[] payload;
    try {
      payload = ByteBufUtil.getBytes(msg.getPayload());
    } finally {
      msg.getPayload().release();
    }
    ingress
        .accept(msg.getTopicName(), new Credentials.ConnectedDevice(msg.getUsername()), payload)
        .exceptionally(
            e -> {
              log.error(
                  "reading from {} on {} could not be handed to Kafka",
                  msg.getUsername(),
                  msg.getTopicName(),
                  e);
              return null;
            });
  }

  @Override
  public void onSessionLoopError(Throwable error) {
    log.error("MQTT session loop failed", error);
  }
}
