package io.streamrag.retrieval.rerank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** The rerank API adapter against a local server speaking the Jina/Cohere protocol. */
class RerankApiRerankerTest extends ServedRerankerContract {

  private final RerankApiReranker reranker =
      new RerankApiReranker(
          server.baseUrl(),
          "test-key",
          "jina-reranker-v2-base-multilingual",
          Duration.ofSeconds(5),
          JsonMapper.builder().build());

  @Override
  protected Reranker reranker() {
    return reranker;
  }

  @Test
  void itSendsTheQuestionThePassagesTheModelAndTheKey() {
    reranker.rerank(
        "soil moisture", List.of(candidate("a", "soil moisture is low"), candidate("b", "x")), 1);

    var body = server.lastBody.get();
    assertThat(body.path("query").asString()).isEqualTo("soil moisture");
    assertThat(body.path("documents")).hasSize(2);
    assertThat(body.path("top_n").asInt()).isEqualTo(1);
    assertThat(body.path("model").asString()).isEqualTo("jina-reranker-v2-base-multilingual");
    assertThat(server.lastAuthorization.get()).isEqualTo("Bearer test-key");
  }

  @Test
  void theModelsOrderIsKeptMostRelevantFirst() {
    var ranked =
        reranker.rerank(
            "When should I irrigate wheat by soil moisture?",
            List.of(
                candidate("off", "Saffron corms rest during the summer months."),
                candidate("partial", "Wheat is sown in autumn in most regions."),
                candidate("answer", "Irrigate wheat when soil moisture falls low.")),
            2);

    assertThat(ranked)
        .extracting(r -> r.candidate().chunk().pointId())
        .containsExactly("answer", "partial");
    assertThat(ranked.get(0).relevance()).isGreaterThan(ranked.get(1).relevance());
  }

  @Test
  void aServerErrorOrAnUnreadableAnswerIsAClearFailure() {
    var given = List.of(candidate("a", "soil"));
    server.status = 503;
    assertThatThrownBy(() -> reranker.rerank("soil", given, 1))
        .isInstanceOf(RerankApiReranker.RerankUnavailable.class)
        .hasMessageContaining("503")
        .hasMessageContaining("model overloaded");

    server.status = 200;
    server.override = "{\"results\":[{\"index\":7,\"relevance_score\":0.9}]}";
    assertThatThrownBy(() -> reranker.rerank("soil", given, 1))
        .isInstanceOf(RerankApiReranker.RerankUnavailable.class)
        .hasMessageContaining("out of range");
  }

  @Test
  void whenTheApiIsDownTheFallbackRanksLocally() {
    server.status = 500;
    var fallback = new FallbackReranker(reranker, new FusedOrderReranker());

    var ranked =
        fallback.rerank(
            "irrigate wheat",
            List.of(
                candidate("off", "saffron corms", 0.01),
                candidate("on", "irrigate wheat early", 0.03)),
            1);

    assertThat(ranked).extracting(r -> r.candidate().chunk().pointId()).containsExactly("on");
    assertThat(ranked.get(0).relevance())
        .isEqualTo(FusedOrderReranker.round(FusedOrderReranker.CALIBRATION.probability(1.0)));
  }
}
