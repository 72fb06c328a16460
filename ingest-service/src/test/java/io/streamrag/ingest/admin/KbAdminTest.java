package io.streamrag.ingest.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.ingest.knowledge.KnowledgeImport;
import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.knowledge.KnowledgeBaseConfigured;
import io.streamrag.schemas.knowledge.KnowledgeDocumentPublished;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.http.client.MultipartBodyBuilder;
import org.springframework.web.reactive.function.BodyInserters;

/**
 * Knowledge bases and pipelines created and edited through the admin API, against a real broker:
 * what an administrator writes lands on {@code kb.configs}, and a folder re-import keeps it until
 * {@code kb.yml} itself changes, and never deletes an uploaded document.
 */
class KbAdminTest extends AdminApiTest {

  @Autowired KnowledgeImport knowledge;
  @TempDir Path folder;

  final String pipeline = "p" + UUID.randomUUID().toString().substring(0, 8);

  @Test
  void aNewKbIsCreatedEditedFieldByFieldAndItsPipelinesChangeThroughEitherSide() {
    // a new KB needs its description and pipelines, and a name fit for ids
    putJson("/admin/kbs/" + kb, "{\"pipelines\":[\"" + pipeline + "\"]}")
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("description");
    putJson("/admin/kbs/Bad%20Name", "{\"description\":\"d\",\"pipelines\":[\"x\"]}")
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("kb");

    // created, with its own routing keywords, published on kb.configs
    putJson(
            "/admin/kbs/" + kb,
            "{\"name\":\"Orchards\",\"description\":\"Fruit and nut trees\",\"languages\":[\"en\","
                + "\"fa\"],\"pipelines\":[\""
                + pipeline
                + "\"],\"routing_keywords\":[\"pistachio*\",\"پسته*\"]}")
        .expectStatus()
        .isCreated()
        .expectBody()
        .jsonPath("$.routing_keywords[0]")
        .isEqualTo("pistachio*");
    assertThat(published(kb).getRoutingKeywords()).containsExactly("pistachio*", "پسته*");

    // a PUT changes only the fields it names
    putJson("/admin/kbs/" + kb, "{\"description\":\"Orchards: pistachio, almond, walnut\"}")
        .expectStatus()
        .isOk()
        .expectBody()
        .jsonPath("$.name")
        .isEqualTo("Orchards")
        .jsonPath("$.languages.length()")
        .isEqualTo(2);
    putJson("/admin/kbs/" + kb, "{\"languages\":[\"de\"]}")
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("languages");

    // a second pipeline made of it, by naming its kbs
    String second = pipeline + "-b";
    putJson("/admin/pipelines/" + second, "{\"kbs\":[\"" + kb + "\"],\"mode\":\"classic\"}")
        .expectStatus()
        .isOk()
        .expectBody()
        .jsonPath("$.kbs[0]")
        .isEqualTo(kb);
    assertThat(published(kb).getPipelines()).containsExactly(pipeline, second);
    assertThat(pipelines()).containsEntry(second, List.of(kb));

    // a KB is never left in no pipeline
    putJson("/admin/pipelines/" + pipeline, "{\"kbs\":[\"" + kb + "\"]}").expectStatus().isOk();
    String lonely = kb + "-2";
    putJson("/admin/kbs/" + lonely, "{\"description\":\"d\",\"pipelines\":[\"" + pipeline + "\"]}")
        .expectStatus()
        .isCreated();
    putJson("/admin/pipelines/" + pipeline, "{\"kbs\":[\"" + kb + "\"]}")
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("kbs")
        .jsonPath("$.message")
        .value(m -> assertThat((String) m).startsWith(lonely + " would belong to no pipeline"));
    putJson("/admin/pipelines/" + pipeline, "{\"kbs\":[\"no-such-kb\"]}")
        .expectStatus()
        .isBadRequest();
  }

  @Test
  void anAdministratorsEditOfAFolderKbAndItsUploadsSurviveAReimportUntilKbYmlChanges()
      throws Exception {
    importFolder("test kb");
    putJson("/admin/kbs/" + kb, "{\"description\":\"edited by the administrator\"}")
        .expectStatus()
        .isOk();
    http.post()
        .uri("/admin/kbs/" + kb + "/documents")
        .header("Authorization", ADMIN)
        .contentType(MediaType.MULTIPART_FORM_DATA)
        .body(BodyInserters.fromMultipartData(upload("uploaded.md", "# Up\n\nUploaded text.")))
        .exchange()
        .expectStatus()
        .isAccepted();

    // the same folder again: the edit stays, the upload stays
    importFolder("test kb");
    assertThat(published(kb).getDescription()).isEqualTo("edited by the administrator");
    assertThat(documents()).contains("uploaded.md", "doc.en.md");

    // kb.yml edited: the folder's description wins; the upload still stays
    importFolder("test kb, second edition");
    await()
        .atMost(WAIT)
        .until(() -> published(kb).getDescription().equals("test kb, second edition"));
    assertThat(documents()).contains("uploaded.md");
    try (var topic =
        new TopicProbe(
            LocalKafka.shared().bootstrapServers(), KnowledgeTopics.KB_DOCUMENTS.name())) {
      assertThat(topic.untilEnd(WAIT))
          .filteredOn(
              r -> r.value() instanceof KnowledgeDocumentPublished d && d.getKbName().equals(kb))
          .noneSatisfy(
              r -> assertThat(((KnowledgeDocumentPublished) r.value()).getDeleted()).isTrue());
    }
  }

  private static org.springframework.util.MultiValueMap<
          String, org.springframework.http.HttpEntity<?>>
      upload(String name, String text) {
    var body = new MultipartBodyBuilder();
    body.part("file", text.getBytes(java.nio.charset.StandardCharsets.UTF_8)).filename(name);
    return body.build();
  }

  /** The KB's record as last published on kb.configs. */
  private static KnowledgeBaseConfigured published(String name) {
    try (var topic =
        new TopicProbe(LocalKafka.shared().bootstrapServers(), KnowledgeTopics.KB_CONFIGS.name())) {
      return topic.untilEnd(WAIT).stream()
          .filter(r -> name.equals(r.key()))
          .map(r -> (KnowledgeBaseConfigured) r.value())
          .reduce((first, second) -> second)
          .orElseThrow();
    }
  }

  @SuppressWarnings("unchecked")
  private Map<String, List<String>> pipelines() {
    var body = getOk("/admin/pipelines");
    var pipelines = new java.util.HashMap<String, List<String>>();
    ((List<Map<String, Object>>) body.get("pipelines"))
        .forEach(p -> pipelines.put((String) p.get("pipeline"), (List<String>) p.get("kbs")));
    return pipelines;
  }

  @SuppressWarnings("unchecked")
  private List<Object> documents() {
    var body = getOk("/admin/kbs/" + kb + "/documents");
    return ((List<Map<String, Object>>) body.get("documents"))
        .stream().map(d -> d.get("file_name")).toList();
  }

  private void importFolder(String description) throws Exception {
    Path base = Files.createDirectories(folder.resolve(kb));
    Files.writeString(
        base.resolve("kb.yml"),
        "name: Test\ndescription: " + description + "\npipelines: [" + pipeline + "]\n");
    Files.writeString(base.resolve("doc.en.md"), "# Doc\nSome text about soil.");
    knowledge.importFolder(folder.toString());
    awaitServed("/admin/kbs/" + kb);
  }
}
