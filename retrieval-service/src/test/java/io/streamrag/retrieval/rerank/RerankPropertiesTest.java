package io.streamrag.retrieval.rerank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RerankPropertiesTest {

  @Test
  void withoutAModelPathTheLocalRerankerIsTheFusedOrderWithItsDefaults() {
    var onnx = new RerankProperties(null, null, null, null, null).onnx();

    assertThat(onnx.enabled()).isFalse();
    assertThat(onnx.maxTokens()).isEqualTo(512);
    assertThat(onnx.scale()).isEqualTo(1);
  }

  @Test
  void aModelPathThatCannotBeReadStopsStartUpNamingTheKey() {
    assertThatThrownBy(() -> new RerankProperties.Onnx("/nowhere/model.onnx", "", 0, 1, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("retrieval.rerank.onnx.model-path")
        .hasMessageContaining("/nowhere/model.onnx");
  }

  @Test
  void aModelWithoutItsTokenizerStopsStartUpNamingTheKey() {
    TestCrossEncoder.build();
    String model = TestCrossEncoder.MODEL.toString();

    assertThatThrownBy(() -> new RerankProperties.Onnx(model, " ", 0, 1, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("retrieval.rerank.onnx.tokenizer-path");
  }
}
