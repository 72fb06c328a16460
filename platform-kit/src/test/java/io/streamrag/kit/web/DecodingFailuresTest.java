package io.streamrag.kit.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.reactor.netty.NettyReactiveWebServerFactory;
import org.springframework.boot.web.server.WebServer;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.HttpHandler;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A real Reactor Netty server, as every service runs, with the customizer the services get: what
 * Netty refuses before any handler runs is a problem detail with Netty's reason, and every other
 * answer, empty or not, is left alone.
 */
class DecodingFailuresTest {

  static final JsonMapper JSON = JsonMapper.builder().build();

  WebServer server;

  @BeforeEach
  void start() {
    var factory = new NettyReactiveWebServerFactory(0);
    new ProblemErrorsConfiguration.OnNetty().decodingFailures(JSON).customize(factory);
    HttpHandler handler =
        (request, response) -> {
          if (request.getPath().value().equals("/empty")) {
            response.setStatusCode(HttpStatus.NOT_FOUND);
            return response.setComplete();
          }
          var body = response.bufferFactory().wrap("fine".getBytes(StandardCharsets.UTF_8));
          return response.writeWith(reactor.core.publisher.Mono.just(body));
        };
    server = factory.getWebServer(handler);
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop();
  }

  @Test
  void aRequestLineOverTheLimitIs414WithItsReason() throws IOException {
    String answer = send("GET /" + "a".repeat(5_000) + " HTTP/1.1\r\nHost: x\r\n\r\n");

    assertThat(answer).startsWith("HTTP/1.1 414");
    assertThat(answer).containsIgnoringCase("content-type: application/problem+json");
    JsonNode body = body(answer);
    assertThat(body.path("status").asInt()).isEqualTo(414);
    assertThat(body.path("error").asString()).isEqualTo("request_uri_too_long");
    assertThat(body.path("message").asString()).contains("4096 bytes");
  }

  @Test
  void headersOverTheLimitAre431WithItsReason() throws IOException {
    String answer =
        send("GET /ok HTTP/1.1\r\nHost: x\r\nX-Big: " + "b".repeat(20_000) + "\r\n\r\n");

    assertThat(answer).startsWith("HTTP/1.1 431");
    JsonNode body = body(answer);
    assertThat(body.path("status").asInt()).isEqualTo(431);
    assertThat(body.path("message").asString()).containsIgnoringCase("header");
  }

  @Test
  void aRequestLineThatIsNotHttpIs400WithItsReason() throws IOException {
    String answer = send("GET /ok HTTP/9\u0001x\r\nHost: x\r\n\r\n");

    assertThat(answer).startsWith("HTTP/1.1 400");
    JsonNode body = body(answer);
    assertThat(body.path("status").asInt()).isEqualTo(400);
    assertThat(body.path("error").asString()).isEqualTo("bad_request");
    assertThat(body.path("message").asString()).isNotBlank().doesNotContain("\u0001");
  }

  @Test
  void aPathThatIsNotAUriIs400WithItsReason() throws IOException {
    String answer = send("GET /a%zz|{} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");

    assertThat(answer).startsWith("HTTP/1.1 400");
    assertThat(body(answer).path("error").asString()).isEqualTo("bad_request");
    assertThat(body(answer).path("message").asString()).startsWith("not a valid URI: ");
  }

  @Test
  void answersTheServiceWroteItselfAreLeftAlone() throws IOException {
    String fine = send("GET /ok HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    String empty = send("GET /empty HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");

    assertThat(fine).startsWith("HTTP/1.1 200").endsWith("fine");
    assertThat(empty).startsWith("HTTP/1.1 404").doesNotContain("{");
  }

  private String send(String request) throws IOException {
    try (var socket = new Socket("127.0.0.1", server.getPort())) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
      socket.getOutputStream().flush();
      return readAll(socket.getInputStream());
    }
  }

  /** Up to the server closing the connection (a decoding failure closes it; the others ask). */
  private static String readAll(InputStream in) throws IOException {
    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
  }

  private static JsonNode body(String answer) {
    return JSON.readTree(answer.substring(answer.indexOf("\r\n\r\n") + 4));
  }
}
