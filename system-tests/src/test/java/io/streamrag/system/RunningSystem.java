package io.streamrag.system;

import io.streamrag.bridge.SensorBridgeApplication;
import io.streamrag.gateway.GatewayApplication;
import io.streamrag.ingest.IngestApplication;
import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.llm.LlmApplication;
import io.streamrag.postgreslocal.LocalPostgres;
import io.streamrag.retrieval.RetrievalApplication;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The whole system in one JVM: a real KRaft broker (in-process, or in a container under the Maven
 * profile {@code testcontainers}: see {@link Broker}) and the five services, each its own Spring
 * Boot application with its own configuration file, talking only through Kafka. Demo profile: demo
 * credentials and the demo knowledge bases. Every span they end is kept in {@link RecordedSpans}.
 */
final class RunningSystem implements AutoCloseable {

  final Broker kafka;
  private final List<String> common;
  final LocalPostgres postgres = LocalPostgres.shared();
  private final List<ConfigurableApplicationContext> services = new ArrayList<>();
  final ConfigurableApplicationContext bridge;
  final ConfigurableApplicationContext ingest;
  final ConfigurableApplicationContext retrieval;
  private ConfigurableApplicationContext llm;
  final ConfigurableApplicationContext gateway;

  private static RunningSystem shared;

  /**
   * One system for every test class of this JVM, closed when the JVM exits: starting five services
   * and a broker costs about 20 s on two cores. Test classes use different sensors, so they do not
   * see each other's data. Closed when the test plan has run ({@link StopSharedSystem}).
   */
  static synchronized RunningSystem shared() {
    if (shared == null) {
      long t0 = System.nanoTime();
      shared = new RunningSystem();
      System.out.printf("system started in %d ms%n", (System.nanoTime() - t0) / 1_000_000);
    }
    return shared;
  }

  /** Closes the shared system, if it was started (see {@link StopSharedSystem}). */
  static synchronized void closeShared() {
    if (shared != null) {
      shared.close();
      shared = null;
    }
  }

  /** The system on a new broker: in-process, or a container under the profile testcontainers. */
  RunningSystem() {
    this(Broker.startWithCatalogue(), List.of());
  }

  /**
   * The system on a given in-process broker, with {@code common} added to every service's
   * configuration (e.g. the broker's credentials).
   */
  RunningSystem(LocalKafka kafka, List<String> common) {
    this(Broker.of(kafka), common);
  }

  private RunningSystem(Broker kafka, List<String> common) {
    this.kafka = kafka;
    this.common = common;
    // Consumers first, so nothing published by the others waits for them to join.
    retrieval = start(RetrievalApplication.class, RetrievalApplication.CONFIG_NAME);
    llm = start(LlmApplication.class, LlmApplication.CONFIG_NAME, LLM_WITHOUT_HTTP);
    ingest = start(IngestApplication.class, IngestApplication.CONFIG_NAME);
    gateway = start(GatewayApplication.class, GatewayApplication.CONFIG_NAME);
    bridge = start(SensorBridgeApplication.class, SensorBridgeApplication.CONFIG_NAME);
  }

  /**
   * Stops llm-service and starts it again with {@code args} added to its configuration (e.g. a
   * model endpoint): the restart a deploy would do. Memory lives in PostgreSQL, so nothing is
   * forgotten.
   */
  synchronized void restartLlm(String... args) {
    stopLlm();
    llm = start(LlmApplication.class, LlmApplication.CONFIG_NAME, with(args));
    awaitGatewaySeesLlm();
  }

  /** Until the gateway has seen llm-service consume chat requests again (else it answers 503). */
  void awaitGatewaySeesLlm() {
    var watch = gateway.getBean(io.streamrag.gateway.relay.PipelineWatch.class);
    org.awaitility.Awaitility.await()
        .atMost(java.time.Duration.ofSeconds(60))
        .pollInterval(java.time.Duration.ofMillis(100))
        .until(() -> watch.missing().isEmpty());
  }

  /** Stops llm-service (its replicas, if any, take over its partitions). */
  synchronized void stopLlm() {
    services.remove(llm);
    llm.close();
  }

  /** A second llm-service replica in the same consumer group; the caller closes it. */
  ConfigurableApplicationContext llmReplica(String... args) {
    return start(LlmApplication.class, LlmApplication.CONFIG_NAME, with(args));
  }

  /**
   * llm-service, which these tests restart, neither serves HTTP nor sets up reactive HTTP clients
   * here: every WebFlux server and client of this JVM shares reactor-netty's global event loops,
   * and a context that closes disposes them, which would stop the other services' servers.
   */
  private static final String[] LLM_WITHOUT_HTTP = {
    "--spring.main.web-application-type=none",
    "--spring.autoconfigure.exclude="
        + "org.springframework.boot.http.client.autoconfigure.reactive.ReactiveHttpClientAutoConfiguration"
  };

  private static String[] with(String... args) {
    var all = new ArrayList<>(List.of(args));
    all.addAll(List.of(LLM_WITHOUT_HTTP));
    return all.toArray(String[]::new);
  }

  String ingestUrl() {
    return "http://127.0.0.1:" + ingest.getEnvironment().getProperty("local.server.port");
  }

  String gatewayUrl() {
    return "http://127.0.0.1:" + gateway.getEnvironment().getProperty("local.server.port");
  }

  /** A service's actuator: its own port (management.server.port), never the service's. */
  static String actuatorUrl(ConfigurableApplicationContext service) {
    return "http://127.0.0.1:" + service.getEnvironment().getProperty("local.management.port");
  }

  String bridgeUrl() {
    return "http://127.0.0.1:" + bridge.getEnvironment().getProperty("local.server.port");
  }

  /** The port of the embedded MQTT broker. */
  int mqttPort() {
    return bridge.getBean(io.streamrag.bridge.mqtt.EmbeddedMqttBroker.class).port();
  }

  /** One service of this system, started with {@code extra} configuration; the caller closes it. */
  ConfigurableApplicationContext start(Class<?> app, String configName, String... extra) {
    var args =
        new ArrayList<>(
            List.of(
                "--server.port=0",
                "--spring.kafka.bootstrap-servers=" + kafka.bootstrapServers(),
                "--spring.jmx.enabled=false",
                "--bridge.mqtt.host=127.0.0.1",
                "--bridge.mqtt.port=0",
                "--llm.memory.database-url=" + postgres.jdbcUrl(),
                // spans are recorded as a collector would receive them (RecordedSpans)
                "--TRACING_SAMPLING_PROBABILITY=1.0"));
    args.addAll(common);
    args.addAll(List.of(extra));
    var context =
        new SpringApplicationBuilder(app)
            .properties(configName)
            .profiles("demo")
            .initializers(RecordedSpans::addTo)
            .run(args.toArray(String[]::new));
    services.add(context);
    return context;
  }

  @Override
  public void close() {
    // Services before the broker, or their clients flood the log with reconnect warnings.
    for (int i = services.size() - 1; i >= 0; i--) {
      services.get(i).close();
    }
    kafka.close();
  }
}
