package io.streamrag.retrieval.rerank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import io.streamrag.kit.embedding.Cosine;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The ONNX cross-encoder adapter, on a test model built from a bi-encoder ({@link
 * TestCrossEncoder}): real ONNX Runtime, a real tokenizer, a model of a cross-encoder's shape.
 */
class CrossEncoderRerankerTest extends RerankerContract {

  private static CrossEncoderReranker reranker;

  @BeforeAll
  static void load() {
    TestCrossEncoder.build();
    reranker =
        CrossEncoderReranker.fromFiles(
            TestCrossEncoder.MODEL,
            TestCrossEncoder.TOKENIZER,
            256,
            new RelevanceCalibration(8, -3));
  }

  @AfterAll
  static void close() {
    if (reranker != null) {
      reranker.close();
    }
  }

  @Override
  protected Reranker reranker() {
    return reranker;
  }

  @Test
  void theAnsweringPassageOvertakesBetterFusedHits() {
    var ranked =
        reranker.rerank(
            "How do I control aphids on roses?",
            List.of(
                candidate("pruning", "Roses should be pruned in late winter.", 0.05),
                candidate("barley", "Barley tolerates salty soils better than wheat.", 0.04),
                candidate(
                    "aphids", "Spray aphids off roses with water or use insecticidal soap.", 0.01)),
            2);

    assertThat(ranked)
        .extracting(r -> r.candidate().chunk().pointId())
        .containsExactly("aphids", "pruning");
  }

  @Test
  void itsLogitIsTheBiEncodersCosineOfTheTwoTextsEncodedApart() {
    // the test model is what it says it is: MiniLM's cosine, read as a cross-encoder's logit
    var minilm = new AllMiniLmL6V2QuantizedEmbeddingModel();
    String question = "How much nitrogen does maize need?";
    String passage = "Maize needs about 150 kg of nitrogen per hectare.";
    var q = minilm.embed(question).content();
    var p = minilm.embed(passage).content();

    double logit = reranker.rawScores(question, List.of(candidate("p", passage)))[0];

    assertThat(logit)
        .isCloseTo(Cosine.of(q.vector(), p.vector()), org.assertj.core.data.Offset.offset(0.03));
  }

  @Test
  void aMissingFileOrAModelOfAnotherShapeIsRefusedWithItsPath() {
    assertThatThrownBy(
            () ->
                CrossEncoderReranker.fromFiles(
                    Path.of("nowhere.onnx"),
                    TestCrossEncoder.TOKENIZER,
                    512,
                    RelevanceCalibration.SIGMOID))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("nowhere.onnx");
    assertThatThrownBy(
            () ->
                CrossEncoderReranker.fromFiles(
                    TestCrossEncoder.TOKENIZER,
                    TestCrossEncoder.TOKENIZER,
                    512,
                    RelevanceCalibration.SIGMOID))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("tokenizer.json");
  }
}
