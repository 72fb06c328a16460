package io.streamrag.kit.embedding;

import io.streamrag.kit.text.Tokens;
import java.util.List;
import java.util.Set;

/**
 * Turns text into a dense vector. Ingest embeds chunks and retrieval embeds questions with the same
 * embedder; the index records {@link #modelId()} so that vectors of two models are never mixed.
 *
 * <p>Implementations: {@link OnnxEmbedder} (in-process ONNX model, the default; the model ships in
 * a Maven artifact or comes from files the user gives), {@link OpenAiEmbedder} (any
 * OpenAI-compatible embeddings endpoint) and {@link FallbackEmbedder} (providers of one model tried
 * in order). {@link EmbeddingConfiguration} picks one from the {@code embedding.*} keys.
 */
public interface Embedder {

  /** Tokens each window of {@link #windows} repeats from the one before. */
  int WINDOW_OVERLAP = 16;

  /** Model name and dimension, e.g. {@code all-minilm-l6-v2-q/384}. */
  String modelId();

  /** Length of every vector this embedder returns. */
  int dimension();

  /** How many tokens of a text the model really reads; the rest is ignored. */
  int maxTokens();

  /**
   * The languages (ISO 639-1) whose text this model places meaningfully; empty when it reads any.
   * Text in another language gets no dense vector: it is found by lexical search alone.
   */
  Set<String> languages();

  /** True when the model reads this language. */
  default boolean reads(String language) {
    return languages().isEmpty() || languages().contains(language);
  }

  /**
   * The texts to embed so that their vectors together cover a whole text the model cannot read at
   * once: windows of the text, each within {@link #maxTokens()} (counted by the model's own
   * tokenizer, special tokens included), overlapping by {@value #WINDOW_OVERLAP} tokens, each
   * headed by {@code heading}. One window when the text fits; none when it is blank.
   *
   * <p>This default counts {@code o200k_base} tokens ({@link Tokens}), an approximation for a
   * remote model whose tokenizer is unknown; {@link OnnxEmbedder} counts with its own tokenizer.
   */
  default List<String> windows(String heading, String text) {
    return Windows.of(heading, text, Tokens::spans, maxTokens(), WINDOW_OVERLAP);
  }

  /** The vector of one text. */
  float[] embed(String text);

  /** The vectors of several texts, in the same order. */
  List<float[]> embedAll(List<String> texts);
}
