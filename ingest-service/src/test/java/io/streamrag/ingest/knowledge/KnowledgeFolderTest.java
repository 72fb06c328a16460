package io.streamrag.ingest.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KnowledgeFolderTest {

  @Test
  void theDemoFolderHoldsTwoSeparatePipelinesEachBaseWithAToneAndBothLanguages() {
    var bases = new KnowledgeFolder("classpath:demo-knowledge").read();

    assertThat(bases)
        .extracting(KnowledgeFolder.Base::name)
        .containsExactly("chat", "fertilization", "irrigation", "units");
    assertThat(bases)
        .filteredOn(b -> b.pipelines().contains("croplogic"))
        .extracting(KnowledgeFolder.Base::name)
        .containsExactly("chat", "fertilization", "irrigation");
    assertThat(bases)
        .filteredOn(b -> b.pipelines().contains("reference"))
        .extracting(KnowledgeFolder.Base::name)
        .containsExactly("units");
    assertThat(bases)
        .allSatisfy(
            base -> {
              assertThat(base.tone()).isNotBlank();
              assertThat(base.displayName()).contains(" / ");
              assertThat(base.description()).isNotBlank();
              assertThat(base.documents())
                  .extracting(KnowledgeFolder.Document::language)
                  .contains("fa", "en");
              assertThat(base.documents())
                  .allSatisfy(d -> assertThat(d.title()).doesNotStartWith("#"));
            });
  }

  @Test
  void readingTheFolderTwiceGivesTheSameDocumentIds() {
    var once = new KnowledgeFolder("classpath:demo-knowledge").read();
    var twice = new KnowledgeFolder("classpath:demo-knowledge").read();

    assertThat(twice).isEqualTo(once);
  }

  @Test
  void theLanguageComesFromTheFileNameOrElseTheScript() {
    assertThat(KnowledgeFolder.language("a.fa.md", "irrigation")).isEqualTo("fa");
    assertThat(KnowledgeFolder.language("a.md", "آبیاری قطره‌ای بهترین است")).isEqualTo("fa");
    assertThat(KnowledgeFolder.language("a.md", "Drip irrigation")).isEqualTo("en");
  }
}
