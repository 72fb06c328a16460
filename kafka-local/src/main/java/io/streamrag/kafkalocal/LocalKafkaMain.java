package io.streamrag.kafkalocal;

import io.streamrag.schemas.Topics;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * Starts the local broker for {@code ./run.sh}: {@code LocalKafkaMain <port> <data-dir>}. Creates
 * the catalogue's topics, prints one line when ready, and stops cleanly on SIGINT/SIGTERM.
 */
public final class LocalKafkaMain {

  private LocalKafkaMain() {}

  public static void main(String[] args) throws InterruptedException {
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
    stopped.await();
  }
}
