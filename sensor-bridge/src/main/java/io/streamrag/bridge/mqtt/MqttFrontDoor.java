package io.streamrag.bridge.mqtt;

import io.streamrag.kit.web.AddressLimits;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicReference;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.NettyInbound;
import reactor.netty.NettyOutbound;
import reactor.netty.tcp.TcpClient;
import reactor.netty.tcp.TcpServer;

/**
 * The public MQTT port: every connection is counted against its address first ({@link
 * AddressLimits}: at most so many a minute, devices keep theirs open) and closed at once over the
 * limit; an admitted one is piped byte for byte, TLS included, to the embedded broker on loopback.
 * Moquette does not tell its authenticator where a connection comes from, so the limit is kept in
 * front of it, on Reactor Netty's event loops.
 */
final class MqttFrontDoor implements AutoCloseable {

  private final DisposableServer server;

  MqttFrontDoor(String host, int port, int brokerPort, AddressLimits connects) {
    this.server =
        TcpServer.create()
            .host(host)
            .port(port)
            .handle((in, out) -> admit(in, out, brokerPort, connects))
            .bindNow();
  }

  private static Mono<Void> admit(
      NettyInbound in, NettyOutbound out, int brokerPort, AddressLimits connects) {
    var address = new AtomicReference<String>("unknown");
    in.withConnection(
        c -> address.set(AddressLimits.of((InetSocketAddress) c.channel().remoteAddress())));
    if (!connects.failed(address.get())) {
      return Mono.empty(); // over its connections a minute: closed before a byte is read
    }
    // one connection of its own each: a pooled client (TcpClient.create()) would hold every device
    // past the pool's 500 connections waiting for a free one
    return TcpClient.newConnection()
        .host("127.0.0.1")
        .port(brokerPort)
        .connect()
        .flatMap(
            broker ->
                Mono.when(
                        broker.outbound().send(in.receive().retain()).then(),
                        out.send(broker.inbound().receive().retain()).then())
                    .doFinally(signal -> broker.dispose()));
  }

  /** The port it listens on. */
  int port() {
    return server.port();
  }

  @Override
  public void close() {
    server.disposeNow();
  }
}
