package io.streamrag.ingest.index;

import io.streamrag.ingest.IngestProperties;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.schemas.Topics;
import io.streamrag.schemas.index.ChunkManifest;
import java.util.Optional;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * What has been published for each source, read from the manifests topic before any work starts.
 */
@Component
public class Manifests implements AutoCloseable {

  private final TopicView<ChunkManifest> view;

  Manifests(
      @Value("${spring.cloud.stream.kafka.binder.brokers}") String brokers,
      IngestProperties properties)
      throws InterruptedException {
    this.view =
        TopicView.followVersioned(
            brokers,
            Topics.INGEST_MANIFESTS.name(),
            ChunkManifest.class,
            ChunkManifest::getVersion);
    if (!view.awaitCaughtUp(properties.startupTimeout())) {
      throw new IllegalStateException(
          "could not read "
              + Topics.INGEST_MANIFESTS.name()
              + " within "
              + properties.startupTimeout());
    }
  }

  public Optional<ChunkManifest> get(String sourceId) {
    return view.get(sourceId);
  }

  void put(ChunkManifest manifest) {
    view.update(manifest.getSourceId(), manifest);
  }

  @Override
  public void close() {
    view.close();
  }
}
