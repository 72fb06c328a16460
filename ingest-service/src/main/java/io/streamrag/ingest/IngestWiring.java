package io.streamrag.ingest;

import io.streamrag.ingest.chunk.Chunker;
import io.streamrag.ingest.knowledge.KnowledgeImport;
import io.streamrag.ingest.snapshot.SnapshotFolder;
import io.streamrag.ingest.snapshot.SnapshotText;
import io.streamrag.kit.kafka.AvroHandlers;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.schemas.Topics;
import io.streamrag.schemas.index.ChunkManifest;
import io.streamrag.schemas.knowledge.KnowledgeDocumentPublished;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.Clock;
import java.util.function.Consumer;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.ApplicationRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;

/** The Kafka handlers (one call into the pipeline each) and the stage objects. */
@Configuration(proxyBeanMethods = false)
class IngestWiring {

  /** Binding {@code ingestReading-in-0}: sensor.readings. */
  @Bean
  Consumer<Message<byte[]>> ingestReading(IngestPipeline pipeline) {
    return AvroHandlers.consumer(SensorReadingReceived.class, pipeline::onReading);
  }

  /** Binding {@code ingestDocument-in-0}: kb.documents. */
  @Bean
  Consumer<Message<byte[]>> ingestDocument(IngestPipeline pipeline) {
    return AvroHandlers.consumer(KnowledgeDocumentPublished.class, pipeline::onDocument);
  }

  @Bean
  ApplicationRunner importKnowledgeOnStart(KnowledgeImport knowledge, IngestProperties properties) {
    return args -> {
      if (properties.knowledge().importOnStart()) {
        knowledge.importFolder(properties.knowledge().location());
      }
    };
  }

  /** Every sensor's latest snapshot, read before any reading is consumed, then kept current. */
  @Bean(destroyMethod = "close")
  TopicView<SensorSnapshotUpdated> snapshots(
      @Value("${spring.cloud.stream.kafka.binder.brokers}") String brokers,
      IngestProperties properties) {
    return TopicView.followVersioned(
            brokers,
            Topics.SENSOR_SNAPSHOTS.name(),
            SensorSnapshotUpdated.class,
            SensorSnapshotUpdated::getVersion)
        .caughtUpWithin(properties.startupTimeout());
  }

  /** What has been published for each source, read before any work starts, then kept current. */
  @Bean(destroyMethod = "close")
  TopicView<ChunkManifest> manifests(
      @Value("${spring.cloud.stream.kafka.binder.brokers}") String brokers,
      IngestProperties properties) {
    return TopicView.followVersioned(
            brokers, Topics.INGEST_MANIFESTS.name(), ChunkManifest.class, ChunkManifest::getVersion)
        .caughtUpWithin(properties.startupTimeout());
  }

  @Bean
  Chunker chunker(IngestProperties properties) {
    return new Chunker(properties.chunking().maxTokens(), properties.chunking().overlapTokens());
  }

  @Bean
  SnapshotFolder snapshotFolder() {
    return new SnapshotFolder(new SnapshotText());
  }

  @Bean
  Clock clock() {
    return Clock.systemUTC();
  }
}
