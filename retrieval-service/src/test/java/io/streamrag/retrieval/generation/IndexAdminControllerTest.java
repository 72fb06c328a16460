package io.streamrag.retrieval.generation;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kit.auth.AdminToken;
import io.streamrag.kit.management.AdminAccess;
import io.streamrag.kit.text.Sha256;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.test.web.reactive.server.WebTestClient;

/** The generations' admin API: the admin token, the build answers, the refusals' reasons. */
class IndexAdminControllerTest {

  @Test
  void onlyTheAdminTokenStartsABuildAndEveryRefusalSaysWhy(@TempDir Path root) {
    var scheduler = GenerationFixture.scheduler();
    try (var kafka = LocalKafka.startWithCatalogue()) {
      var generations = GenerationFixture.open(kafka, root, null, scheduler);
      try {
        var web =
            WebTestClient.bindToController(new IndexAdminController(generations))
                .webFilter(AdminAccess.adminApi(new AdminToken(Sha256.hex("s3cret"))))
                .build();

        web.post().uri("/admin/index/rebuild").exchange().expectStatus().isUnauthorized();
        web.get()
            .uri("/admin/index")
            .header("Authorization", "Bearer wrong")
            .exchange()
            .expectStatus()
            .isUnauthorized();
        web.post()
            .uri("/admin/index/reembed")
            .header("Authorization", "Bearer s3cret")
            .exchange()
            .expectStatus()
            .isEqualTo(409)
            .expectBody()
            .jsonPath("$.error")
            .isEqualTo("no_other_model");
        web.post()
            .uri("/admin/index/rebuild")
            .header("Authorization", "Bearer s3cret")
            .exchange()
            .expectStatus()
            .isAccepted()
            .expectBody()
            .jsonPath("$.building.generation")
            .isEqualTo(2);
        var status =
            web.get()
                .uri("/admin/index")
                .header("Authorization", "Bearer s3cret")
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();
        assertThat(status).contains("\"current\"").contains("\"generation\"");
      } finally {
        generations.close();
      }
    } finally {
      scheduler.shutdown();
    }
  }
}
