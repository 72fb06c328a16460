package io.streamrag.retrieval.rerank;

import java.time.Duration;
import tools.jackson.databind.json.JsonMapper;

/**
 * The fallback passes the contract when its primary, the rerank API adapter against a local server
 * speaking the protocol, fails on every call and the local default ranks instead.
 */
class FallbackRerankerContractTest extends ServedRerankerContract {

  private final FallbackReranker reranker =
      new FallbackReranker(
          new RerankApiReranker(
              server.baseUrl(), "", "m", Duration.ofSeconds(5), JsonMapper.builder().build()),
          new FusedOrderReranker());

  FallbackRerankerContractTest() {
    server.status = 503;
  }

  @Override
  protected Reranker reranker() {
    return reranker;
  }
}
