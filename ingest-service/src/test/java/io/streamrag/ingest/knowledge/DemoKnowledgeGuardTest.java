package io.streamrag.ingest.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kit.guard.PassageScreen;
import io.streamrag.kit.guard.PromptInjectionGuardrail;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * The prompt-injection guard (S0.2) never takes farming text for an attack: no paragraph and no
 * sentence of the demo knowledge base, in Persian, Arabic and English, is refused. A check on text
 * the guard was not tuned with, beside the suite of platform-kit.
 */
class DemoKnowledgeGuardTest {

  @Test
  void noSentenceOfTheDemoKnowledgeIsRefused() throws Exception {
    var guard = new PromptInjectionGuardrail();
    var texts = new ArrayList<String>();
    for (var doc :
        new PathMatchingResourcePatternResolver().getResources("classpath:demo-knowledge/*/*.md")) {
      String text = doc.getContentAsString(StandardCharsets.UTF_8);
      texts.addAll(List.of(text.split("\n\\s*\n")));
      texts.addAll(List.of(text.split("(?<=[.!?؟])\\s+|\n")));
    }

    var refused = texts.stream().filter(t -> guard.check(t).isPresent()).toList();

    assertThat(texts).hasSizeGreaterThan(1000);
    assertThat(refused).isEmpty();
  }

  @Test
  void noDocumentParagraphOrSentenceOfTheDemoKnowledgeIsScreenedAsInstructionsForTheModel()
      throws Exception {
    var screen = PassageScreen.standard();
    var texts = new ArrayList<String>();
    for (var doc :
        new PathMatchingResourcePatternResolver().getResources("classpath:demo-knowledge/*/*.md")) {
      String text = doc.getContentAsString(StandardCharsets.UTF_8);
      texts.add(text);
      texts.addAll(List.of(text.split("\n\\s*\n")));
      texts.addAll(List.of(text.split("(?<=[.!?؟])\\s+|\n")));
    }

    var screened = texts.stream().filter(t -> screen.inspect(t).isPresent()).toList();

    assertThat(texts).hasSizeGreaterThan(1000);
    assertThat(screened).isEmpty();
  }
}
