package io.streamrag.kafkalocal;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import kafka.server.KafkaConfig;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;

/**
 * How a single-node KRaft broker here is configured, its storage formatted and its ports chosen.
 */
final class BrokerSetup {

  private BrokerSetup() {}

  static Properties properties(Path dataDir, int clientPort, int controllerPort) {
    var props = new Properties();
    props.put("process.roles", "broker,controller");
    props.put("node.id", "1");
    props.put("controller.quorum.voters", "1@localhost:" + controllerPort);
    props.put(
        "listeners",
        "PLAINTEXT://localhost:"
            + clientPort
            + ","
            + LocalKafka.CONTROLLER
            + "://localhost:"
            + controllerPort);
    props.put("advertised.listeners", "PLAINTEXT://localhost:" + clientPort);
    props.put("controller.listener.names", LocalKafka.CONTROLLER);
    props.put("inter.broker.listener.name", "PLAINTEXT");
    props.put(
        "listener.security.protocol.map",
        "PLAINTEXT:PLAINTEXT," + LocalKafka.CONTROLLER + ":PLAINTEXT");
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

  static void format(Path dataDir, KafkaConfig config) {
    if (Files.exists(dataDir.resolve("meta.properties"))) {
      return;
    }
    try {
      Files.createDirectories(dataDir);
      new Formatter()
          .setClusterId(Uuid.randomUuid().toString())
          .setNodeId(config.nodeId())
          .setControllerListenerName(LocalKafka.CONTROLLER)
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
  static int[] freePorts(int count) {
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
