package io.streamrag.ingest.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.ingest.knowledge.KnowledgeImport;
import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.knowledge.PipelineConfigured;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;

/**
 * The prompt admin API of ingest-service against a real broker: what an administrator writes lands
 * on the compacted topics llm-service follows, and a folder re-import keeps an administrator's
 * tone.
 */
class PromptAdminTest extends AdminApiTest {

  @Autowired KnowledgeImport knowledge;
  @TempDir Path folder;

  final String pipeline = "p" + UUID.randomUUID().toString().substring(0, 8);

  @Test
  void aPipelinesPromptsStartAsTheDefaultsAndAPutChangesOnlyTheFieldsItNames() throws Exception {
    importFolder("Be brief.");

    http.get()
        .uri("/admin/pipelines/" + pipeline)
        .header("Authorization", ADMIN)
        .exchange()
        .expectStatus()
        .isOk()
        .expectBody()
        .jsonPath("$.updated_by")
        .isEqualTo("defaults")
        .jsonPath("$.memory_max_turns")
        .isEqualTo(6);

    http.put()
        .uri("/admin/pipelines/" + pipeline)
        .header("Authorization", ADMIN)
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(
            "{\"instructions\":\"Answer in {language}, in two sentences.\",\"memory_max_turns\":3,"
                + "\"mode\":\"classic\",\"search_budget\":3}")
        .exchange()
        .expectStatus()
        .isOk()
        .expectBody()
        .jsonPath("$.instructions")
        .isEqualTo("Answer in {language}, in two sentences.")
        .jsonPath("$.memory_max_turns")
        .isEqualTo(3)
        .jsonPath("$.memory_max_tokens")
        .isEqualTo(1500)
        .jsonPath("$.mode")
        .isEqualTo("classic")
        .jsonPath("$.search_budget")
        .isEqualTo(3)
        .jsonPath("$.updated_by")
        .isEqualTo("admin");

    try (var topic =
        new TopicProbe(
            LocalKafka.shared().bootstrapServers(), KnowledgeTopics.PIPELINE_CONFIGS.name())) {
      var published = (PipelineConfigured) topic.await(r -> pipeline.equals(r.key()), WAIT).value();
      assertThat(published.getMemoryMaxTurns()).isEqualTo(3);
      assertThat(published.getDegradedInstructions()).contains("knowledge base is unavailable");
    }
  }

  @Test
  void badEditsAreRefusedNamingTheFieldAndNothingIsPublished() throws Exception {
    importFolder("Be brief.");

    putJson("/admin/pipelines/" + pipeline, "{\"memory_max_turns\":-1}")
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("memory_max_turns");
    putJson("/admin/pipelines/" + pipeline, "{\"instructions\":\"\"}")
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("instructions");
    putJson("/admin/pipelines/" + pipeline, "{\"temperature\":0.2}")
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("temperature");
    putJson("/admin/pipelines/" + pipeline, "{\"mode\":\"fast\"}")
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("mode");
    putJson("/admin/pipelines/" + pipeline, "{\"search_budget\":0}")
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("search_budget");
    putJson("/admin/pipelines/" + pipeline, "{\"mode\":\"classic\",\"mode\":\"agentic\"}")
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("mode")
        .jsonPath("$.message")
        .isEqualTo("duplicate field 'mode'");
    putJson("/admin/pipelines/" + pipeline, "not json").expectStatus().isBadRequest();
    putJson("/admin/pipelines/nobody-uses-this", "{\"memory_max_turns\":1}")
        .expectStatus()
        .isNotFound();
    putJson("/admin/kbs/no-such-kb/tone", "{\"tone\":\"x\"}").expectStatus().isNotFound();
    http.put()
        .uri("/admin/pipelines/" + pipeline)
        .header("Authorization", "Bearer wrong")
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue("{\"memory_max_turns\":1}")
        .exchange()
        .expectStatus()
        .isUnauthorized();

    http.get()
        .uri("/admin/pipelines/" + pipeline)
        .header("Authorization", ADMIN)
        .exchange()
        .expectBody()
        .jsonPath("$.updated_by")
        .isEqualTo("defaults");
  }

  @Test
  void anAdministratorsToneSurvivesAReimportUntilToneMdItselfChanges() throws Exception {
    importFolder("Be brief.");

    putJson("/admin/kbs/" + kb + "/tone", "{\"tone\":\"Be warm and concrete.\"}")
        .expectStatus()
        .isOk()
        .expectBody()
        .jsonPath("$.tone")
        .isEqualTo("Be warm and concrete.");

    // the same folder again: the administrator's tone stays
    importFolder("Be brief.");
    assertThat(publishedTone()).isEqualTo("Be warm and concrete.");

    // tone.md edited: the folder's new tone wins
    importFolder("Be very brief.");
    await().atMost(WAIT).until(() -> publishedTone().equals("Be very brief."));
  }

  private String publishedTone() {
    return http.get()
        .uri("/admin/kbs/" + kb + "/tone")
        .header("Authorization", ADMIN)
        .exchange()
        .expectStatus()
        .isOk()
        .returnResult(java.util.Map.class)
        .getResponseBody()
        .blockFirst()
        .get("tone")
        .toString();
  }

  private void importFolder(String tone) throws Exception {
    Path base = Files.createDirectories(folder.resolve(kb));
    Files.writeString(
        base.resolve("kb.yml"),
        "name: Test\ndescription: test kb\npipelines: [" + pipeline + "]\n");
    Files.writeString(base.resolve("tone.md"), tone);
    Files.writeString(base.resolve("doc.en.md"), "# Doc\nSome text about soil.");
    knowledge.importFolder(folder.toString());
    awaitServed("/admin/kbs/" + kb + "/tone");
  }
}
