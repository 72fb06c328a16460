package io.streamrag.kafkalocal;

import io.streamrag.schemas.TopicSpec;
import io.streamrag.schemas.Topics;
import io.streamrag.schemas.serde.AvroSerializer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.AlterConfigOp.OpType;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringApplication;

/**
 * A real single-node Kafka broker in KRaft mode (broker and controller in one process), started
 * from Kafka's own server classes: the same code as {@code kafka-storage format} followed by {@code
 * kafka-server-start}. Used by {@code ./run.sh} and by every integration test; never a stand-in.
 */
public final class LocalKafka implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(LocalKafka.class);
  static final String CONTROLLER = "CONTROLLER";

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
    int[] free = BrokerSetup.freePorts(2);
    int clientPort = port == 0 ? free[0] : port;
    int controllerPort = free[1] == clientPort ? free[0] : free[1];
    var props = BrokerSetup.properties(dataDir, clientPort, controllerPort);
    var config = new KafkaConfig(props, false);
    BrokerSetup.format(dataDir, config);
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
    int[] free = BrokerSetup.freePorts(3);
    try {
      Path dataDir = Files.createTempDirectory("kafka-local-sasl");
      var props = BrokerSetup.properties(dataDir, free[2], free[1]);
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
      BrokerSetup.format(dataDir, config);
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
   * when the JVM exits, after the Spring contexts that use it: test classes that share a Spring
   * context share it too. Tests on a shared broker tell their own records apart by unique ids.
   */
  public static synchronized LocalKafka shared() {
    if (shared == null) {
      shared = startWithCatalogue();
      // A Spring Boot shutdown handler, which runs once every context Spring Boot started has
      // closed. In a JVM hook of its own (hooks run at once, in no order) the broker went down
      // while
      // the tests' contexts still closed, their consumers waited out their close timeout, and
      // Surefire killed the fork 30 s after System.exit.
      SpringApplication.getShutdownHandlers().add(shared::close);
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
    try {
      log.info("Topics created: {}", String.join(", ", createMissing(internal(), specs)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while creating topics", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("cannot create topics: " + e.getCause().getMessage(), e);
    }
  }

  /**
   * Creates on the single broker at {@code bootstrapServers} the topics of {@code specs} that do
   * not exist yet, one replica each; existing ones are left as they are. For this broker and for
   * one in a container alike.
   *
   * @return the names of the topics created
   */
  public static List<String> createMissing(String bootstrapServers, Collection<TopicSpec> specs)
      throws InterruptedException, ExecutionException {
    try (var admin =
        Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
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
      return missing.stream().map(NewTopic::name).toList();
    }
  }

  /**
   * From now on the broker refuses records larger than {@code bytes} on {@code topic}, as it would
   * a record too large for the topic; {@code -1}: the topic's default again. For tests of what a
   * writer does when the broker refuses it. Returns once the partition leaders apply it.
   */
  public void maxMessageBytes(String topic, int bytes) {
    var resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
    var entry = new ConfigEntry(TopicConfig.MAX_MESSAGE_BYTES_CONFIG, String.valueOf(bytes));
    var op = new AlterConfigOp(entry, bytes < 0 ? OpType.DELETE : OpType.SET);
    String expected = String.valueOf(bytes < 0 ? 1_048_588 : bytes);
    try (var admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, internal()))) {
      admin.incrementalAlterConfigs(Map.of(resource, List.of(op))).all().get();
      while (!expected.equals(
          admin
              .describeConfigs(List.of(resource))
              .all()
              .get()
              .get(resource)
              .get(TopicConfig.MAX_MESSAGE_BYTES_CONFIG)
              .value())) {
        Thread.onSpinWait();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("cannot configure " + topic, e.getCause());
    }
  }

  /** Writes one record, Avro-encoded as services write it, and waits for the broker's ack. */
  public void publish(String topic, String key, SpecificRecord value) {
    publish(new ProducerRecord<>(topic, key, value));
  }

  /** The same, with the record's partition ({@code null}: the key's) and headers as given. */
  public void publish(ProducerRecord<String, ? extends SpecificRecord> record) {
    byte[] value = new AvroSerializer().serialize(record.topic(), record.value());
    send(
        new ProducerRecord<>(
            record.topic(), record.partition(), record.key(), value, record.headers()));
  }

  /** Writes raw bytes (or a tombstone with {@code null}) and waits for the broker's ack. */
  public void publishRaw(String topic, String key, byte[] value) {
    send(new ProducerRecord<>(topic, key, value));
  }

  private void send(ProducerRecord<String, byte[]> record) {
    try (var producer =
        new KafkaProducer<>(
            Map.<String, Object>of("bootstrap.servers", internal()),
            new StringSerializer(),
            new ByteArraySerializer())) {
      producer.send(record).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("cannot write to " + record.topic(), e.getCause());
    }
  }

  @Override
  public void close() {
    server.shutdown();
    server.awaitShutdown();
  }
}
