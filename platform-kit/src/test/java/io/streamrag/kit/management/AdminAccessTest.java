package io.streamrag.kit.management;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kit.auth.AdminToken;
import io.streamrag.kit.testing.Problems;
import io.streamrag.kit.text.Sha256;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/** The admin API is the operator's: one filter checks the admin token before any handler runs. */
class AdminAccessTest {

  static final String TOKEN = "operator-s3cret";

  @Test
  void theAdminApiAnswersOnlyTheAdminToken() {
    var web = client(Sha256.hex(TOKEN));

    Problems.unauthenticated(web.get().uri("/admin/kbs").exchange(), "unauthorized")
        .jsonPath("$.message")
        .value(m -> assertThat((String) m).contains("admin API"));
    asking(web, "/admin", "wrong").expectStatus().isUnauthorized();
    asking(web, "/admin/kbs", TOKEN)
        .expectStatus()
        .isOk()
        .expectBody(String.class)
        .isEqualTo("kbs");
  }

  @Test
  void pathsOutsideTheAdminApiAreLeftToTheirHandlers() {
    var web = client(Sha256.hex(TOKEN));

    web.get().uri("/api/readings").exchange().expectStatus().isOk();
    web.get().uri("/administrators").exchange().expectStatus().isOk();
  }

  @Test
  void withoutAnAdminTokenConfiguredTheAdminApiRefusesEveryone() {
    var web = client("");

    asking(web, "/admin/kbs", "").expectStatus().isUnauthorized();
    asking(web, "/admin/kbs", TOKEN).expectStatus().isUnauthorized();
  }

  @Test
  void onlyServicesThatDeclareAnAdminApiGuardIt() {
    var runner =
        new ReactiveWebApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(AdminApiConfiguration.class))
            .withPropertyValues("streamrag.management.admin-token-sha256=" + Sha256.hex(TOKEN));

    runner.run(context -> assertThat(context).doesNotHaveBean(AdminAccess.class));
    runner
        .withPropertyValues("streamrag.management.admin-api=true")
        .run(context -> assertThat(context).hasSingleBean(AdminAccess.class));
  }

  private static WebTestClient client(String sha256) {
    var routes =
        RouterFunctions.route()
            .GET("/admin", request -> ServerResponse.ok().bodyValue("admin"))
            .GET("/admin/kbs", request -> ServerResponse.ok().bodyValue("kbs"))
            .GET("/administrators", request -> ServerResponse.ok().bodyValue("people"))
            .GET("/api/readings", request -> ServerResponse.ok().bodyValue("readings"))
            .build();
    return WebTestClient.bindToRouterFunction(routes)
        .webFilter(AdminAccess.adminApi(new AdminToken(sha256)))
        .build();
  }

  /** A GET with a bearer token. */
  private static org.springframework.test.web.reactive.server.WebTestClient.ResponseSpec asking(
      org.springframework.test.web.reactive.server.WebTestClient web, String path, String token) {
    return web.get().uri(path).header("Authorization", "Bearer " + token).exchange();
  }
}
