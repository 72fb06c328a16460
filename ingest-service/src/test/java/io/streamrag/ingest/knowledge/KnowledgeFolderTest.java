package io.streamrag.ingest.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kit.text.Language;
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
  void irrigationAndFertilizationAlsoHoldArabicDocumentsOfAFewHundredWordsWithATitle() {
    var bases = new KnowledgeFolder("classpath:demo-knowledge").read();

    assertThat(bases)
        .filteredOn(b -> b.name().equals("irrigation") || b.name().equals("fertilization"))
        .hasSize(2)
        .allSatisfy(
            base -> {
              assertThat(base.languages()).containsExactly("fa", "ar", "en");
              assertThat(base.description()).contains("التربة");
              var arabic =
                  base.documents().stream().filter(d -> d.language().equals("ar")).toList();
              assertThat(arabic).hasSizeGreaterThanOrEqualTo(2);
              assertThat(arabic)
                  .allSatisfy(
                      d -> {
                        assertThat(d.source()).endsWith(".ar.md");
                        assertThat(Language.detect(d.title())).isEqualTo("ar");
                        assertThat(Language.detect(d.text())).isEqualTo("ar");
                        assertThat(d.text().split("\\s+").length).isBetween(150, 400);
                      });
            });
  }

  @Test
  void readingTheFolderTwiceGivesTheSameDocumentIds() {
    var once = new KnowledgeFolder("classpath:demo-knowledge").read();
    var twice = new KnowledgeFolder("classpath:demo-knowledge").read();

    assertThat(twice).isEqualTo(once);
  }

  @Test
  void theLanguageComesFromTheFileNameOrElseIsDetectedFromTheText() {
    assertThat(KnowledgeFolder.language("a.fa.md", "irrigation")).isEqualTo("fa");
    assertThat(KnowledgeFolder.language("a.ar.md", "irrigation")).isEqualTo("ar");
    assertThat(KnowledgeFolder.language("a.md", "آبیاری قطره‌ای بهترین است")).isEqualTo("fa");
    assertThat(KnowledgeFolder.language("a.md", "الري بالتنقيط هو الأكفأ في المناطق الجافة"))
        .isEqualTo("ar");
    assertThat(KnowledgeFolder.language("a.md", "Drip irrigation")).isEqualTo("en");
  }

  @Test
  void theAgronomyTablesAreReadAsTheirKnowledgeBasesDataNotAsDocuments() {
    var bases = new KnowledgeFolder("classpath:demo-knowledge").read();
    var irrigation = bases.stream().filter(b -> b.name().equals("irrigation")).findFirst().get();
    var fertilization =
        bases.stream().filter(b -> b.name().equals("fertilization")).findFirst().get();

    assertThat(irrigation.tables()).containsKeys("crops.csv", "soil-water.csv");
    assertThat(irrigation.tables().get("crops.csv")).contains("maize");
    assertThat(fertilization.tables()).containsKeys("npk-thresholds.csv", "fertilizers.csv");
    assertThat(irrigation.documents())
        .extracting(KnowledgeFolder.Document::source)
        .noneMatch(s -> s.contains("tables"));
  }
}
