package io.streamrag.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The README's topic table must name every topic of the catalogue, so the two never drift apart.
 */
class CatalogueDocumentedTest {

  @Test
  void theReadmeNamesEveryTopicOfTheCatalogue() throws IOException {
    String readme = Files.readString(Path.of("../README.md"));

    assertThat(Topics.all())
        .allSatisfy(topic -> assertThat(readme).as("README.md").contains("`" + topic.name() + "`"));
  }
}
