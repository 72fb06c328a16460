package io.streamrag.bridge.mqtt;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.bridge.BridgeIntegrationTest;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

/**
 * A field of many devices, each keeping its MQTT connection open through the public port's front
 * door: all of them are admitted, not only the first few hundred.
 */
@TestPropertySource(properties = "bridge.intake.mqtt-connects-per-minute=10000")
class ManyDevicesTest extends BridgeIntegrationTest {

  static final int DEVICES = 600;

  @Autowired EmbeddedMqttBroker broker;

  @Test
  void sixHundredDevicesConnectedAtOnceAreAllAccepted() throws IOException {
    var sockets = new ArrayList<Socket>();
    try {
      // given 600 devices connecting one after another, none disconnecting
      for (int i = 0; i < DEVICES; i++) {
        var socket = new Socket("127.0.0.1", broker.port());
        socket.setSoTimeout(15_000);
        socket.getOutputStream().write(connect("many-" + i, "field-7", DEVICE_TOKEN));
        sockets.add(socket);
      }
      // then every one gets its CONNACK with return code 0 (accepted)
      var codes = new ArrayList<Integer>();
      for (var socket : sockets) {
        codes.add(connack(socket));
      }
      assertThat(codes.stream().filter(code -> code == 0).count())
          .as("devices accepted, of %d", DEVICES)
          .isEqualTo(DEVICES);
    } finally {
      for (var socket : sockets) {
        socket.close();
      }
    }
  }

  /** The CONNACK's return code; -1 for another packet, -2 when none came within 15 s or closed. */
  static int connack(Socket socket) throws IOException {
    byte[] connack = new byte[4];
    try {
      new DataInputStream(socket.getInputStream()).readFully(connack);
    } catch (SocketTimeoutException | SocketException e) {
      return -2;
    }
    return connack[0] == 0x20 ? connack[3] : -1;
  }

  /** An MQTT 3.1.1 CONNECT with a clean session, a user name and a password. */
  static byte[] connect(String clientId, String user, String password) throws IOException {
    var body = new ByteArrayOutputStream();
    body.write(string("MQTT"));
    body.write(new byte[] {4, (byte) 0xC2, 0, 0}); // level 4; user, password, clean; no keep-alive
    for (String field : List.of(clientId, user, password)) {
      body.write(string(field));
    }
    var packet = new ByteArrayOutputStream();
    packet.write(0x10);
    packet.write(body.size()); // under 128 bytes: one length byte
    body.writeTo(packet);
    return packet.toByteArray();
  }

  private static byte[] string(String s) {
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    byte[] out = new byte[bytes.length + 2];
    out[0] = (byte) (bytes.length >> 8);
    out[1] = (byte) bytes.length;
    System.arraycopy(bytes, 0, out, 2, bytes.length);
    return out;
  }
}
