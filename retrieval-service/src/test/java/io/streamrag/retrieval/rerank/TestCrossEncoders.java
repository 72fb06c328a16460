package io.streamrag.retrieval.rerank;

/**
 * The test cross-encoder ({@link TestCrossEncoder}) as configuration, for other packages' tests.
 */
public final class TestCrossEncoders {

  private TestCrossEncoders() {}

  /** {@code retrieval.rerank.onnx.*} naming the test model, built if needed. */
  public static RerankProperties.Onnx properties() {
    TestCrossEncoder.build();
    return new RerankProperties.Onnx(
        TestCrossEncoder.MODEL.toString(), TestCrossEncoder.TOKENIZER.toString(), 256, 8, -3);
  }
}
