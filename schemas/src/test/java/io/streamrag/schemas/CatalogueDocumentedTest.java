package io.streamrag.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The topic table of {@code docs/architecture/topics.md} is generated from the catalogue, so the
 * two never drift apart. When the catalogue changes, regenerate it: {@code ./mvnw -pl schemas test
 * -Dtest=CatalogueDocumentedTest -Dcatalogue.write=true}.
 */
class CatalogueDocumentedTest {

  static final Path PAGE = Path.of("../docs/architecture/topics.md");
  static final String BEGIN =
      "<!-- topics:begin: generated from Topics.java by CatalogueDocumentedTest, do not edit -->";
  static final String END = "<!-- topics:end -->";

  @Test
  void theTopicPageHoldsTheTableGeneratedFromTheCatalogue() throws IOException {
    // Given the page as committed and the table the catalogue gives today
    String page = Files.readString(PAGE);
    int begin = page.indexOf(BEGIN);
    int end = page.indexOf(END);
    assertThat(begin).as("%s has the marker %s", PAGE, BEGIN).isNotNegative();
    assertThat(end).as("%s has the marker %s", PAGE, END).isGreaterThan(begin);
    String generated = "\n" + table() + "\n";

    // When asked to, the page is rewritten with it
    if (Boolean.getBoolean("catalogue.write")) {
      page = page.substring(0, begin + BEGIN.length()) + generated + page.substring(end);
      Files.writeString(PAGE, page);
    }

    // Then the page's table is the catalogue's
    assertThat(page.substring(begin + BEGIN.length(), page.indexOf(END)))
        .as(
            "%s is out of step with Topics.java: run ./mvnw -pl schemas test"
                + " -Dtest=CatalogueDocumentedTest -Dcatalogue.write=true",
            PAGE)
        .isEqualTo(generated);
  }

  @Test
  void theTopicPageNamesEveryTopicOfTheCatalogue() throws IOException {
    String page = Files.readString(PAGE);

    assertThat(Topics.all())
        .allSatisfy(
            topic -> assertThat(page).as(PAGE.toString()).contains("`" + topic.name() + "`"));
  }

  /**
   * One Markdown row per topic, in the catalogue's order: event topics first, dead letters last.
   */
  static String table() {
    var sources = new TreeMap<String, List<String>>();
    for (var topic : Topics.all()) {
      Topics.deadLettersOf(topic.name())
          .ifPresent(
              dlq -> sources.computeIfAbsent(dlq.name(), n -> new ArrayList<>()).add(topic.name()));
    }
    var rows = new ArrayList<String>();
    rows.add("| topic | value | key | one writer | readers | cleanup | partitions |");
    rows.add("|---|---|---|---|---|---|---|");
    for (var topic : Topics.all()) {
      String value =
          topic.valueType() != null
              ? "`" + topic.valueType().getSimpleName() + "`"
              : "the failed record's bytes, from "
                  + sources.getOrDefault(topic.name(), List.of()).stream()
                      .map(t -> "`" + t + "`")
                      .collect(Collectors.joining(", "));
      rows.add(
          "| `%s` | %s | %s | %s | %s | %s | %d |"
              .formatted(
                  topic.name(),
                  value,
                  topic.key(),
                  topic.writer(),
                  String.join(", ", topic.readers()),
                  cleanup(topic),
                  topic.partitions()));
    }
    return String.join("\n", rows);
  }

  /**
   * The cleanup policy with what bounds it, in words: {@code delete, 7 d, ≤ 256 MiB a partition}.
   */
  static String cleanup(TopicSpec topic) {
    var parts = new ArrayList<String>();
    parts.add(topic.cleanup().policy());
    Map<String, String> config = new TreeMap<>(topic.config());
    String retention = config.remove("retention.ms");
    if (retention != null) {
      parts.add(duration(Long.parseLong(retention)));
    }
    String bytes = config.remove("retention.bytes");
    if (bytes != null) {
      parts.add("≤ " + Long.parseLong(bytes) / (1024 * 1024) + " MiB a partition");
    }
    String segment = config.remove("segment.ms");
    if (segment != null) {
      parts.add("segments of " + duration(Long.parseLong(segment)));
    }
    config.forEach((key, value) -> parts.add("`" + key + "=" + value + "`"));
    return String.join(", ", parts);
  }

  static String duration(long millis) {
    long hours = millis / 3_600_000;
    return hours % 24 == 0 ? hours / 24 + " d" : hours + " h";
  }
}
