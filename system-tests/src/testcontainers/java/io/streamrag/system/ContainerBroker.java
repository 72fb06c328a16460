package io.streamrag.system;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.schemas.Topics;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import org.testcontainers.kafka.KafkaContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * The broker in a container, through Testcontainers' Kafka module: our own broker image ({@code
 * deploy/images/kafka}, built by {@code deploy/build-images.sh}) standing in for {@code
 * apache/kafka}, whose conventions it honours ({@code /etc/kafka/docker/run}, {@code KAFKA_*}
 * properties). The catalogue's topics are created from {@link Topics#all()}, as compose's
 * topic-init creates them. Compiled only under the Maven profile {@code testcontainers}; the image
 * is {@code -Dstreamrag.kafka.image} (default {@code localhost/streamrag-kafka:dev}).
 */
final class ContainerBroker implements Broker {

  private final KafkaContainer container;

  private ContainerBroker(KafkaContainer container) {
    this.container = container;
  }

  static Broker startWithCatalogue() {
    var image =
        DockerImageName.parse(
                System.getProperty("streamrag.kafka.image", "localhost/streamrag-kafka:dev"))
            .asCompatibleSubstituteFor("apache/kafka");
    var container =
        new KafkaContainer(image)
            // without a limit the image's MaxRAMPercentage would size the heap from the host
            .withEnv("KAFKA_HEAP_OPTS", "-Xmx512m")
            .withStartupTimeout(Duration.ofMinutes(2));
    long t0 = System.nanoTime();
    container.start();
    var broker = new ContainerBroker(container);
    broker.createCatalogueTopics();
    System.out.printf(
        "Kafka container %s (%s) ready on %s in %d ms%n",
        container.getContainerId().substring(0, 12),
        image.asCanonicalNameString(),
        broker.bootstrapServers(),
        (System.nanoTime() - t0) / 1_000_000);
    return broker;
  }

  @Override
  public String bootstrapServers() {
    return container.getBootstrapServers();
  }

  private void createCatalogueTopics() {
    try {
      LocalKafka.createMissing(bootstrapServers(), Topics.all());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while creating topics", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException(
          "cannot create the catalogue's topics on " + bootstrapServers(), e.getCause());
    }
  }

  @Override
  public void close() {
    container.stop();
  }
}
