package io.streamrag.kafkalocal;

import io.streamrag.schemas.Topics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * Starts the local broker for {@code ./run.sh}: {@code LocalKafkaMain <port> <data-dir>
 * [<ready-file>]}. Creates the catalogue's topics, prints one line when ready (and writes the ready
 * file, if named, so a caller can wait on this process rather than on a log that may be stale), and
 * stops cleanly on SIGINT/SIGTERM.
 */
public final class LocalKafkaMain {

  private LocalKafkaMain() {}

  public static void main(String[] args) throws InterruptedException, IOException {
    int port = args.length > 0 ? Integer.parseInt(args[0]) : 9092;
    Path dataDir = Path.of(args.length > 1 ? args[1] : ".run/kafka");
    var kafka = LocalKafka.start(dataDir, port);
    kafka.createTopics(Topics.all());
    var stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  kafka.close();
                  stopped.countDown();
                },
                "kafka-local-stop"));
    System.out.println("kafka-local ready on " + kafka.bootstrapServers());
    if (args.length > 2) {
      Files.writeString(Path.of(args[2]), kafka.bootstrapServers() + "\n");
    }
    stopped.await();
  }
}
