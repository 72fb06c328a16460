package io.streamrag.ingest.document;

import io.streamrag.ingest.IngestProperties;
import io.streamrag.kit.guard.PassageScreen;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.schemas.index.ChunkManifest;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The steps of an upload, each its own object, for {@link DocumentAdminController}. */
@Configuration(proxyBeanMethods = false)
class DocumentWiring {

  @Bean(destroyMethod = "close")
  KbDocuments kbDocuments(
      TopicReaders readers, TopicWriter writer, Clock clock, IngestProperties properties) {
    return new KbDocuments(readers, writer, clock, properties.startupTimeout());
  }

  @Bean
  UploadReader uploadReader(IngestProperties properties) {
    return new UploadReader(properties.documents().maxFileSize().toBytes());
  }

  @Bean
  FileTypes fileTypes() {
    return new FileTypes();
  }

  @Bean
  TextReader textReader(IngestProperties properties) {
    return new TextReader(properties.documents().maxTextSize().toBytes());
  }

  @Bean
  DocumentScreen documentScreen() {
    return new DocumentScreen(PassageScreen.standard());
  }

  @Bean
  DocumentView documentView(TopicView<ChunkManifest> manifests) {
    return new DocumentView(manifests);
  }
}
