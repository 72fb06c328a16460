package io.streamrag.retrieval.rerank;

/** The local default passes the reranker contract. */
class TermOverlapRerankerContractTest extends RerankerContract {

  private final TermOverlapReranker reranker = new TermOverlapReranker();

  @Override
  protected Reranker reranker() {
    return reranker;
  }
}
