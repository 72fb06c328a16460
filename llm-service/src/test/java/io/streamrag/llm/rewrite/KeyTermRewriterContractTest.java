package io.streamrag.llm.rewrite;

class KeyTermRewriterContractTest extends QueryRewriterContract {

  @Override
  protected QueryRewriter rewriter() {
    return new KeyTermRewriter();
  }
}
