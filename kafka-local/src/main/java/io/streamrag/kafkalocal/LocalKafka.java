package io.streamrag.kafkalocal;

import io.streamrag.schemas.TopicSpec;
import io.streamrag.schemas.Topics;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real single-node Kafka broker in KRaft mode (broker and controller in one process), started
 * from Kafka's own server classes: the same code as {@code kafka-storage format} followed by {@code
 * kafka-server-start}. Used by {@code ./run.sh} and by every integration test; never a stand-in.
 */
public final class LocalKafka implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(LocalKafka.class);
  private static final String CONTROLLER = "CONTROLLER";

  private static final String INTERNAL = "INTERNAL";

  private final KafkaRaftServer server;
  private final int port;
  private final int internalPort;

  private LocalKafka(KafkaRaftServer server, int port, int internalPort) {
    this.server = server;
    this.port = port;
    this.internalPort = internalPort;
  }

  /**
   * Formats the data directory when it is new, then starts the broker.
   *
   * @param dataDir where the log segments and the metadata log live; reused across restarts
   * @param port the client port, or 0 for any free port
   */
  public static LocalKafka start(Path dataDir, int port) {
    int[] free = freePorts(2);
    int clientPort = port == 0 ? free[0] : port;
    int controllerPort = free[1] == clientPort ? free[0] : free[1];
    var props = brokerProperties(dataDir, clientPort, controllerPort);
    var config = new KafkaConfig(props, false);
    format(dataDir, config);
    var server = new KafkaRaftServer(config, Time.SYSTEM);
    server.startup();
    log.info("Kafka (KRaft) listening on localhost:{}, data in {}", clientPort, dataDir);
    return new LocalKafka(server, clientPort, clientPort);
  }

  /**
   * A broker whose client listener demands SASL/PLAIN credentials ({@code SASL_PLAINTEXT}): the
   * secured cluster services must be configured for. A second, plain listener serves only this
   * class's own helpers (topic creation, {@link #publish}). Fresh temporary directory, catalogue
   * topics created.
   *
   * @param user the one account clients may use
   * @param password its password
   */
  public static LocalKafka startSecured(String user, String password) {
    int[] free = freePorts(3);
    try {
      Path dataDir = Files.createTempDirectory("kafka-local-sasl");
      var props = brokerProperties(dataDir, free[2], free[1]);
      props.put(
          "listeners",
          "SASL_PLAINTEXT://localhost:"
              + free[0]
              + ","
              + INTERNAL
              + "://localhost:"
              + free[2]
              + ","
              + CONTROLLER
              + "://localhost:"
              + free[1]);
      props.put(
          "advertised.listeners",
          "SASL_PLAINTEXT://localhost:" + free[0] + "," + INTERNAL + "://localhost:" + free[2]);
      props.put("inter.broker.listener.name", INTERNAL);
      props.put(
          "listener.security.protocol.map",
          "SASL_PLAINTEXT:SASL_PLAINTEXT," + INTERNAL + ":PLAINTEXT," + CONTROLLER + ":PLAINTEXT");
      props.put("sasl.enabled.mechanisms", "PLAIN");
      props.put(
          "listener.name.sasl_plaintext.plain.sasl.jaas.config",
          "org.apache.kafka.common.security.plain.PlainLoginModule required user_"
              + user
              + "=\""
              + password
              + "\";");
      var config = new KafkaConfig(props, false);
      format(dataDir, config);
      var server = new KafkaRaftServer(config, Time.SYSTEM);
      server.startup();
      log.info("Kafka (KRaft) with SASL/PLAIN on localhost:{}", free[0]);
      var kafka = new LocalKafka(server, free[0], free[2]);
      kafka.createTopics(Topics.all());
      return kafka;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The JAAS line a SASL/PLAIN client logs in with. */
  public static String plainLogin(String user, String password) {
    return "org.apache.kafka.common.security.plain.PlainLoginModule required username=\""
        + user
        + "\" password=\""
        + password
        + "\";";
  }

  private static LocalKafka shared;

  /**
   * One broker for the whole test JVM, started on first use with the catalogue's topics and stopped
   * when the JVM exits: test classes that share a Spring context share it too. Tests on a shared
   * broker tell their own records apart by unique ids.
   */
  public static synchronized LocalKafka shared() {
    if (shared == null) {
      shared = startWithCatalogue();
      Runtime.getRuntime().addShutdownHook(new Thread(shared::close, "kafka-local-shared-stop"));
    }
    return shared;
  }

  /** Starts a broker on a free port with a fresh temporary directory and the catalogue's topics. */
  public static LocalKafka startWithCatalogue() {
    try {
      var kafka = start(Files.createTempDirectory("kafka-local"), 0);
      kafka.createTopics(Topics.all());
      return kafka;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The {@code bootstrap.servers} value clients use. */
  public String bootstrapServers() {
    return "localhost:" + port;
  }

  /** The plain listener this class's helpers use (the client listener unless secured). */
  private String internal() {
    return "localhost:" + internalPort;
  }

  /** Creates the topics that do not exist yet; existing ones are left as they are. */
  public void createTopics(Collection<TopicSpec> specs) {
    try (var admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, internal()))) {
      Set<String> existing = admin.listTopics().names().get();
      List<NewTopic> missing =
          specs.stream()
              .filter(spec -> !existing.contains(spec.name()))
              .map(
                  spec ->
                      new NewTopic(spec.name(), spec.partitions(), (short) 1)
                          .configs(spec.topicConfig()))
              .toList();
      admin.createTopics(missing).all().get();
      log.info(
          "Topics created: {}",
          missing.stream().map(NewTopic::name).collect(Collectors.joining(", ")));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while creating topics", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("cannot create topics: " + e.getCause().getMessage(), e);
    }
  }

  /** Writes one record, Avro-encoded as services write it, and waits for the broker's ack. */
  public void publish(String topic, String key, org.apache.avro.specific.SpecificRecord value) {
    publishRaw(topic, key, new io.streamrag.schemas.serde.AvroSerializer().serialize(topic, value));
  }

  /** Writes raw bytes (or a tombstone with {@code null}) and waits for the broker's ack. */
  public void publishRaw(String topic, String key, byte[] value) {
    try (var producer =
        new org.apache.kafka.clients.producer.KafkaProducer<String, byte[]>(
            Map.of("bootstrap.servers", internal()),
            new org.apache.kafka.common.serialization.StringSerializer(),
            new org.apache.kafka.common.serialization.ByteArraySerializer())) {
      producer
          .send(new org.apache.kafka.clients.producer.ProducerRecord<>(topic, key, value))
          .get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("cannot write to " + topic, e.getCause());
    }
  }

  @Override
  public void close() {
    server.shutdown();
    server.awaitShutdown();
  }

  private static Properties brokerProperties(Path dataDir, int clientPort, int controllerPort) {
    var props = new Properties();
    props.put("process.roles", "broker,controller");
    props.put("node.id", "1");
    props.put("controller.quorum.voters", "1@localhost:" + controllerPort);
    props.put(
        "listeners",
        "PLAINTEXT://localhost:"
            + clientPort
            + ","
            + CONTROLLER
            + "://localhost:"
            + controllerPort);
    props.put("advertised.listeners", "PLAINTEXT://localhost:" + clientPort);
    props.put("controller.listener.names", CONTROLLER);
    props.put("inter.broker.listener.name", "PLAINTEXT");
    props.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT," + CONTROLLER + ":PLAINTEXT");
    props.put("log.dirs", dataDir.toAbsolutePath().toString());
    props.put("auto.create.topics.enable", "false");
    props.put("offsets.topic.replication.factor", "1");
    props.put("offsets.topic.num.partitions", "3");
    props.put("transaction.state.log.replication.factor", "1");
    props.put("transaction.state.log.min.isr", "1");
    props.put("share.coordinator.state.topic.replication.factor", "1");
    props.put("share.coordinator.state.topic.min.isr", "1");
    // A single node has no reason to wait for more group members.
    props.put("group.initial.rebalance.delay.ms", "0");
    props.put("log.cleaner.dedupe.buffer.size", String.valueOf(8 * 1024 * 1024));
    return props;
  }

  private static void format(Path dataDir, KafkaConfig config) {
    if (Files.exists(dataDir.resolve("meta.properties"))) {
      return;
    }
    try {
      Files.createDirectories(dataDir);
      new Formatter()
          .setClusterId(Uuid.randomUuid().toString())
          .setNodeId(config.nodeId())
          .setControllerListenerName(CONTROLLER)
          .setMetadataLogDirectory(config.metadataLogDir())
          .setDirectories(List.of(dataDir.toAbsolutePath().toString()))
          .setReleaseVersion(MetadataVersion.LATEST_PRODUCTION)
          .setPrintStream(new PrintStream(PrintStream.nullOutputStream()))
          .run();
    } catch (Exception e) {
      throw new IllegalStateException("cannot format Kafka storage in " + dataDir, e);
    }
  }

  /** Distinct free ports: every socket stays open until all are chosen, so none is chosen twice. */
  private static int[] freePorts(int count) {
    var sockets = new ServerSocket[count];
    try {
      int[] ports = new int[count];
      for (int i = 0; i < count; i++) {
        sockets[i] = new ServerSocket(0);
        ports[i] = sockets[i].getLocalPort();
      }
      return ports;
    } catch (IOException e) {
      throw new UncheckedIOException("no free port", e);
    } finally {
      for (var s : sockets) {
        try {
          if (s != null) {
            s.close();
          }
        } catch (IOException ignored) {
          // closing a probe socket
        }
      }
    }
  }
}
