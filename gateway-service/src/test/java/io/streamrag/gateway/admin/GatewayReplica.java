package io.streamrag.gateway.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.gateway.GatewayApplication;
import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kit.text.Sha256;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.http.client.ReactorResourceFactory;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * One gateway replica on a random port against a real broker, started as a whole Spring Boot
 * application: several of them follow one {@code gateway.keys}, as replicas behind a load balancer
 * would. Nothing else runs: the chat probes are refused before they reach Kafka.
 */
public final class GatewayReplica implements AutoCloseable {

  /** A sensor of the keys these tests issue. */
  static final String SENSOR = "0f2b6d1e-8f4c-4a57-9f0e-6c1d2a3b4c5d";

  private final ConfigurableApplicationContext context;
  final WebTestClient http;

  private GatewayReplica(ConfigurableApplicationContext context) {
    this.context = context;
    this.http =
        WebTestClient.bindToServer()
            .baseUrl(
                "http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port"))
            .responseTimeout(Duration.ofSeconds(20))
            .build();
  }

  /**
   * @param profile {@code default} or {@code demo}
   * @param settings {@code key=value} pairs on top of the service's configuration
   */
  public static GatewayReplica start(LocalKafka kafka, String profile, String... settings) {
    var args =
        new ArrayList<>(
            List.of(
                "--server.port=0",
                "--spring.kafka.bootstrap-servers=" + kafka.bootstrapServers(),
                "--spring.jmx.enabled=false",
                "--gateway.watch.stages="));
    for (String setting : settings) {
      args.add("--" + setting);
    }
    return new GatewayReplica(
        new SpringApplicationBuilder(GatewayApplication.class)
            .properties(GatewayApplication.CONFIG_NAME)
            .profiles(profile)
            .initializers(GatewayReplica::ownEventLoops)
            .run(args.toArray(String[]::new)));
  }

  /**
   * A replica on the shared broker, default profile, whose bootstrap admin key is {@code adminKey}.
   */
  public static GatewayReplica withAdmin(String adminKey, String... settings) {
    var all = new ArrayList<String>();
    all.add("gateway.admin-key-sha256=" + Sha256.hex(adminKey));
    all.addAll(List.of(settings));
    return start(LocalKafka.shared(), "default", all.toArray(String[]::new));
  }

  /**
   * The status of a chat with this key about {@code sensor} whose message is blank: 401 for a key
   * that is refused, 403 for a sensor it does not own, 429 over its limit, else 400 ({@code
   * empty_message}): the key was accepted. Nothing is published.
   */
  int chatStatus(String key, String sensor) {
    return http.post()
        .uri("/api/rag/chat")
        .header("Authorization", "Bearer " + key)
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue("{\"message\":\" \",\"sensor_uuid\":\"" + sensor + "\"}")
        .exchange()
        .returnResult(String.class)
        .getStatus()
        .value();
  }

  /**
   * Reactor Netty's global resources are shared by every server and client of the JVM, and closing
   * a context that uses them disposes them: one replica stopping would stop the others (and the
   * other test classes' servers). Each replica here has event loops of its own instead.
   */
  private static void ownEventLoops(ConfigurableApplicationContext context) {
    ((GenericApplicationContext) context)
        .registerBean(
            ReactorResourceFactory.class,
            () -> {
              var resources = new ReactorResourceFactory();
              resources.setUseGlobalResources(false);
              return resources;
            });
  }

  /** The key admin API of this replica, called with {@code adminKey}. */
  KeyAdminClient admin(String adminKey) {
    return new KeyAdminClient(http, adminKey);
  }

  /** Polls (every 2 ms, at most 5 s) until a chat with this key gets this {@link #chatStatus}. */
  void awaitChatStatus(String key, int status) {
    long deadline = System.nanoTime() + 5_000_000_000L;
    int last;
    do {
      last = chatStatus(key, SENSOR);
      if (last == status) {
        return;
      }
      LockSupport.parkNanos(2_000_000);
    } while (System.nanoTime() < deadline);
    assertThat(last).as("the chat status after 5 s").isEqualTo(status);
  }

  /** The base URL of its HTTP port. */
  public String url() {
    return "http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port");
  }

  /** One of its beans. */
  public <T> T bean(Class<T> type) {
    return context.getBean(type);
  }

  /** Stops it as its SIGTERM hook would: the context closes. */
  @Override
  public void close() {
    context.close();
  }
}
