package io.streamrag.bench;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.mqtt.MqttConnAckMessage;
import io.netty.handler.codec.mqtt.MqttConnectReturnCode;
import io.netty.handler.codec.mqtt.MqttDecoder;
import io.netty.handler.codec.mqtt.MqttEncoder;
import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageBuilders;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttQoS;
import io.netty.handler.codec.mqtt.MqttVersion;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Many MQTT devices on one event-loop thread: each a real MQTT 3.1.1 connection with its own
 * credentials, publishing at QoS 1. A load generator light enough not to distort what it measures
 * on a small machine (a thread-per-connection client needs three threads per device).
 */
final class MqttFleet implements AutoCloseable {

  /** One device's login. */
  record Login(String username, String password) {}

  private final NioEventLoopGroup loop = new NioEventLoopGroup(1);
  private final List<Channel> channels = new ArrayList<>();
  private final AtomicLong acknowledged = new AtomicLong();
  private final AtomicInteger messageIds = new AtomicInteger();

  MqttFleet(String host, int port, List<Login> logins) throws Exception {
    for (Login login : logins) {
      var connected = new CompletableFuture<Void>();
      var bootstrap =
          new Bootstrap()
              .group(loop)
              .channel(NioSocketChannel.class)
              .handler(
                  new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                      ch.pipeline()
                          .addLast(
                              new MqttDecoder(),
                              MqttEncoder.INSTANCE,
                              new Device(connected, acknowledged));
                    }
                  });
      Channel channel = bootstrap.connect(host, port).sync().channel();
      channel.writeAndFlush(
          MqttMessageBuilders.connect()
              .clientId(login.username())
              .username(login.username())
              .password(login.password().getBytes(StandardCharsets.UTF_8))
              .cleanSession(true)
              .keepAlive(0)
              .protocolVersion(MqttVersion.MQTT_3_1_1)
              .build());
      channels.add(channel);
      try {
        connected.get(10, TimeUnit.SECONDS);
      } catch (Exception e) {
        close(); // the event loop's thread would keep the benchmark's JVM alive
        throw new IllegalStateException(
            "device " + channels.size() + " of " + logins.size() + " got no CONNACK in 10 s", e);
      }
    }
  }

  /** Publishes one message at QoS 1 from device {@code index}; returns at once. */
  void publish(int index, String topic, byte[] payload) {
    int id = 1 + Math.floorMod(messageIds.getAndIncrement(), 65_000);
    channels
        .get(index)
        .writeAndFlush(
            MqttMessageBuilders.publish()
                .topicName(topic)
                .qos(MqttQoS.AT_LEAST_ONCE)
                .messageId(id)
                .retained(false)
                .payload(Unpooled.wrappedBuffer(payload))
                .build());
  }

  /** How many publishes the broker has acknowledged. */
  long acknowledged() {
    return acknowledged.get();
  }

  @Override
  public void close() {
    for (Channel c : channels) {
      c.writeAndFlush(MqttMessage.DISCONNECT);
      c.close();
    }
    loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
  }

  /** The device side of one connection: waits for CONNACK, counts PUBACKs. */
  private static final class Device extends SimpleChannelInboundHandler<MqttMessage> {
    private final CompletableFuture<Void> connected;
    private final AtomicLong acknowledged;

    Device(CompletableFuture<Void> connected, AtomicLong acknowledged) {
      this.connected = connected;
      this.acknowledged = acknowledged;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, MqttMessage msg) {
      if (msg.fixedHeader().messageType() == MqttMessageType.CONNACK) {
        var code = ((MqttConnAckMessage) msg).variableHeader().connectReturnCode();
        if (code == MqttConnectReturnCode.CONNECTION_ACCEPTED) {
          connected.complete(null);
        } else {
          connected.completeExceptionally(new IllegalStateException("connection refused: " + code));
        }
      } else if (msg.fixedHeader().messageType() == MqttMessageType.PUBACK) {
        acknowledged.incrementAndGet();
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      connected.completeExceptionally(cause);
      ctx.close();
    }
  }
}
