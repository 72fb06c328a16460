package io.streamrag.retrieval.rerank;

import org.junit.jupiter.api.AfterEach;

/**
 * The contract for a reranker that calls a rerank API: each test gets its own local server speaking
 * the protocol, closed after it.
 */
abstract class ServedRerankerContract extends RerankerContract {

  protected final FakeRerankServer server = FakeRerankServer.start();

  @AfterEach
  void stop() {
    server.close();
  }
}
