package io.streamrag.ingest.admin;

import static org.awaitility.Awaitility.await;

import io.streamrag.ingest.IngestApplication;
import io.streamrag.kafkalocal.LocalKafka;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.MediaType;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The admin API's tests: ingest-service whole, on the shared real broker, called as the
 * administrator over HTTP, each test with a knowledge base name of its own.
 */
// Closed after its class: a paused context's consumers of ingest-sensors would still hold
// partitions, and fold, while the next context's test publishes (its records folded twice).
@DirtiesContext
@SpringBootTest(
    classes = IngestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      IngestApplication.CONFIG_NAME,
      // sha256("dev-admin-token")
      "ingest.admin.token-sha256=1734d503f6aa6a047c36d113cbad769f719c93784b469b771c4c3e7c63adbefd",
      "ingest.documents.max-file-size=256KB"
    })
@AutoConfigureWebTestClient(timeout = "30s")
public abstract class AdminApiTest {

  protected static final String ADMIN = "Bearer dev-admin-token";
  protected static final Duration WAIT = Duration.ofSeconds(30);

  @Autowired protected WebTestClient http;

  protected final String kb = "kb" + UUID.randomUUID().toString().substring(0, 8);

  @DynamicPropertySource
  static void kafka(DynamicPropertyRegistry registry) {
    registry.add("spring.kafka.bootstrap-servers", () -> LocalKafka.shared().bootstrapServers());
  }

  /** {@code GET uri} as the administrator, expecting 200: the JSON object it answered. */
  @SuppressWarnings("unchecked")
  protected Map<String, Object> getOk(String uri) {
    return http.get()
        .uri(uri)
        .header("Authorization", ADMIN)
        .exchange()
        .expectStatus()
        .isOk()
        .expectBody(Map.class)
        .returnResult()
        .getResponseBody();
  }

  /** Waits until {@code GET uri} answers 200: what an import wrote is served. */
  protected void awaitServed(String uri) {
    await()
        .atMost(WAIT)
        .until(
            () ->
                http.get()
                        .uri(uri)
                        .header("Authorization", ADMIN)
                        .exchange()
                        .returnResult(String.class)
                        .getStatus()
                        .value()
                    == 200);
  }

  /** {@code PUT uri} with a JSON body, as the administrator. */
  protected WebTestClient.ResponseSpec putJson(String uri, String body) {
    return http.put()
        .uri(uri)
        .header("Authorization", ADMIN)
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(body)
        .exchange();
  }
}
