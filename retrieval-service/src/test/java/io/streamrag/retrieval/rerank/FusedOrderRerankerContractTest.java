package io.streamrag.retrieval.rerank;

/** The local default passes the reranker contract. */
class FusedOrderRerankerContractTest extends RerankerContract {

  private final FusedOrderReranker reranker = new FusedOrderReranker();

  @Override
  protected Reranker reranker() {
    return reranker;
  }
}
