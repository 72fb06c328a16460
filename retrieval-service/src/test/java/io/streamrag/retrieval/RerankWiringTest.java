package io.streamrag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.retrieval.rerank.RerankProperties;
import io.streamrag.retrieval.rerank.TestCrossEncoders;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** Which reranker the service builds from {@code retrieval.rerank.*}. */
class RerankWiringTest {

  private final RetrievalWiring wiring = new RetrievalWiring();
  private final JsonMapper json = JsonMapper.builder().build();

  @Test
  void nothingConfiguredGivesTheFusedOrder() {
    var reranker = wiring.reranker(new RerankProperties(null, null, null, null, null), json);

    assertThat(reranker.name()).isEqualTo("fused-order");
  }

  @Test
  void aCrossEncoderByPathRanksWithTheFusedOrderBehindItAndAnApiInFront() {
    var onnx = TestCrossEncoders.properties();

    var local = wiring.reranker(new RerankProperties(null, null, null, null, onnx), json);
    var remote =
        wiring.reranker(
            new RerankProperties("http://127.0.0.1:9", "", "m", Duration.ofSeconds(1), onnx), json);

    assertThat(local.name())
        .isEqualTo("cross-encoder:minilm-bi-encoder-as-cross-encoder|fused-order");
    assertThat(remote.name())
        .isEqualTo("rerank-api:m|cross-encoder:minilm-bi-encoder-as-cross-encoder|fused-order");
  }
}
