package io.streamrag.ingest;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.streamrag.ingest.admin.PromptConfigs;
import io.streamrag.ingest.chunk.Chunker;
import io.streamrag.ingest.index.ChunkIndexer;
import io.streamrag.ingest.knowledge.KnowledgeImport;
import io.streamrag.ingest.snapshot.SensorLocks;
import io.streamrag.ingest.snapshot.SnapshotFolder;
import io.streamrag.ingest.snapshot.SnapshotIndexer;
import io.streamrag.ingest.snapshot.SnapshotText;
import io.streamrag.ingest.weather.FieldWeathers;
import io.streamrag.kit.kafka.AvroBatches;
import io.streamrag.kit.kafka.AvroHandlers;
import io.streamrag.kit.kafka.SensorSnapshots;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.index.ChunkManifest;
import io.streamrag.schemas.knowledge.KnowledgeDocumentPublished;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.Clock;
import java.util.List;
import java.util.function.Consumer;
import org.apache.avro.specific.SpecificRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.ApplicationRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.kafka.support.KafkaNull;
import org.springframework.messaging.Message;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/** The Kafka handlers (one call into the pipeline each), the start-up tasks, and the stages. */
@Configuration(proxyBeanMethods = false)
class IngestWiring {

  /** The live prompt configuration this service writes (pipeline.configs, KB tones). */
  @Bean(destroyMethod = "close")
  PromptConfigs promptConfigs(
      TopicReaders readers, TopicWriter writer, IngestProperties properties) {
    return new PromptConfigs(readers, writer, Clock.systemUTC(), properties.startupTimeout());
  }

  private static final Logger log = LoggerFactory.getLogger(IngestWiring.class);

  /**
   * Binding {@code ingestSensor-in-0}: sensor.readings, sensor.profiles, sensor.forecasts,
   * weather.links, a poll at a time (batch mode).
   */
  @Bean
  Consumer<Message<List<byte[]>>> ingestSensor(IngestSteps steps) {
    return AvroBatches.consumer(SpecificRecord.class, steps::onSensorEvents);
  }

  /** Binding {@code ingestDocument-in-0}: kb.documents; a tombstone removes its document. */
  @Bean
  Consumer<Message<byte[]>> ingestDocument(IngestSteps steps) {
    var documents = AvroHandlers.consumer(KnowledgeDocumentPublished.class, steps::onDocument);
    return message -> {
      // the binder hands a tombstone over with the KafkaNull payload, whatever the declared type
      if (((Object) message.getPayload()) instanceof KafkaNull) {
        steps.onDocumentRemoved((String) message.getHeaders().get(KafkaHeaders.RECEIVED_KEY));
      } else {
        documents.accept(message);
      }
    };
  }

  @Bean
  IngestSteps ingestSteps(
      TopicView<SensorSnapshotUpdated> snapshots,
      FieldWeathers weathers,
      SnapshotIndexer snapshotIndexer,
      SensorLocks locks,
      Chunker chunker,
      ChunkIndexer indexer,
      TopicWriter writer,
      MeterRegistry meters,
      ObjectProvider<ObservationRegistry> observations) {
    return new IngestSteps(
        snapshots,
        new SnapshotFolder(SnapshotText.remembering()),
        weathers,
        snapshotIndexer,
        locks,
        chunker,
        indexer,
        writer,
        meters,
        observations.getIfUnique(() -> ObservationRegistry.NOOP));
  }

  /**
   * A reading's way through ingest, run before readiness so the first readings find it compiled.
   */
  @Bean
  IngestWarmUp ingestWarmUp(SnapshotIndexer snapshotIndexer, ChunkIndexer indexer) {
    return new IngestWarmUp(
        new SnapshotFolder(new SnapshotText()), snapshotIndexer, indexer.embedder());
  }

  @Bean(destroyMethod = "close")
  SnapshotIndexer snapshotIndexer(
      Chunker chunker,
      ChunkIndexer indexer,
      TopicWriter writer,
      SensorLocks locks,
      IngestProperties properties,
      @Qualifier("snapshotCoalescer") TaskScheduler coalescer) {
    return new SnapshotIndexer(
        new SnapshotText(),
        chunker,
        indexer,
        writer,
        locks,
        properties.coalesceWindow(),
        coalescer);
  }

  /** Ends of coalescing windows and retries of failed flushes: one Spring-managed thread. */
  @Bean
  ThreadPoolTaskScheduler snapshotCoalescer() {
    var scheduler = new ThreadPoolTaskScheduler();
    scheduler.setPoolSize(1);
    scheduler.setThreadNamePrefix("snapshot-coalescer-");
    return scheduler;
  }

  @Bean
  SensorLocks sensorLocks() {
    return new SensorLocks();
  }

  /**
   * Indexes what a crash may have left unindexed (a burst's end, a model change): every snapshot's
   * sections are compared with their manifests; only what differs is embedded.
   */
  @Bean
  @Order(1)
  ApplicationRunner reconcileSnapshotIndex(
      TopicView<SensorSnapshotUpdated> snapshots,
      SnapshotIndexer indexer,
      SensorLocks locks,
      TopicWriter writer) {
    return args -> {
      int sensors = 0;
      for (var snapshot : snapshots.values()) {
        synchronized (locks.of(snapshot.getSensorUuid())) {
          var out = writer.batch();
          indexer.index(snapshot, snapshot.getReceivedAt(), out);
          out.await();
        }
        sensors++;
      }
      log.info("snapshot index reconciled for {} sensors", sensors);
    };
  }

  @Bean
  @Order(2)
  ApplicationRunner importKnowledgeOnStart(KnowledgeImport knowledge, IngestProperties properties) {
    return args -> {
      if (properties.knowledge().importOnStart()) {
        knowledge.importFolder(properties.knowledge().location());
      }
    };
  }

  /** Every sensor's latest snapshot, read before any event is consumed, then kept current. */
  @Bean(destroyMethod = "close")
  TopicView<SensorSnapshotUpdated> snapshots(TopicReaders readers, IngestProperties properties) {
    return SensorSnapshots.followed(readers, properties.startupTimeout());
  }

  /** What has been published for each source, read before any work starts, then kept current. */
  @Bean(destroyMethod = "close")
  TopicView<ChunkManifest> manifests(TopicReaders readers, IngestProperties properties) {
    return TopicView.followVersioned(
            readers,
            KnowledgeTopics.INGEST_MANIFESTS.name(),
            ChunkManifest.class,
            ChunkManifest::getVersion)
        .caughtUpWithin(properties.startupTimeout());
  }

  @Bean
  Chunker chunker(IngestProperties properties) {
    return new Chunker(properties.chunking().maxTokens(), properties.chunking().overlapTokens());
  }

  @Bean
  Clock clock() {
    return Clock.systemUTC();
  }
}
