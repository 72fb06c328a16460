package io.streamrag.retrieval.rerank;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import io.streamrag.retrieval.store.Candidate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.LongBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A cross-encoder the user supplies, run in-process by ONNX Runtime: an {@code .onnx} export that
 * reads a (question, passage) pair as {@code input_ids}, {@code attention_mask} and, if it has that
 * input, {@code token_type_ids}, and answers one logit per pair (e.g. an ms-marco MiniLM or a
 * bge-reranker export), with its Hugging Face {@code tokenizer.json}. All candidates go through the
 * model in one batch; relevance is the {@link RelevanceCalibration} of the logit, and the
 * candidates are ordered by it. Inference blocks: callers run it off event-loop threads, as they
 * run the search.
 */
public final class CrossEncoderReranker implements Reranker, RelevanceScorer, AutoCloseable {

  private final OrtEnvironment environment;
  private final OrtSession session;
  private final HuggingFaceTokenizer tokenizer;
  private final boolean typeIds;
  private final String name;
  private final RelevanceCalibration calibration;

  private CrossEncoderReranker(
      OrtEnvironment environment,
      OrtSession session,
      HuggingFaceTokenizer tokenizer,
      String name,
      RelevanceCalibration calibration) {
    this.environment = environment;
    this.session = session;
    this.tokenizer = tokenizer;
    this.typeIds = session.getInputNames().contains("token_type_ids");
    this.name = name;
    this.calibration = calibration;
  }

  /**
   * Loads a cross-encoder from files.
   *
   * @param model the {@code .onnx} file
   * @param tokenizer its {@code tokenizer.json}
   * @param maxTokens where a pair is cut (the passage is cut, never the question): the model's
   *     input limit, e.g. 512
   * @param calibration how the logit becomes relevance
   * @throws IllegalArgumentException when a file is missing, unreadable, or not such a model
   */
  public static CrossEncoderReranker fromFiles(
      Path model, Path tokenizer, int maxTokens, RelevanceCalibration calibration) {
    requireReadable(model, "cross-encoder model");
    requireReadable(tokenizer, "cross-encoder tokenizer");
    HuggingFaceTokenizer tokens;
    try {
      tokens =
          HuggingFaceTokenizer.builder()
              .optTokenizerPath(tokenizer)
              .optMaxLength(maxTokens)
              .optTruncateSecondOnly()
              .optPadding(false)
              .build();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the tokenizer " + tokenizer, e);
    }
    try {
      var environment = OrtEnvironment.getEnvironment();
      var options = new OrtSession.SessionOptions();
      options.setIntraOpNumThreads(1);
      var session = environment.createSession(model.toString(), options);
      for (String input : List.of("input_ids", "attention_mask")) {
        if (!session.getInputNames().contains(input)) {
          session.close();
          throw new IllegalArgumentException(
              model + " is not a cross-encoder: it has no input " + input);
        }
      }
      String name = model.getFileName().toString().replaceAll("\\.onnx$", "");
      return new CrossEncoderReranker(environment, session, tokens, name, calibration);
    } catch (OrtException e) {
      tokens.close();
      throw new IllegalArgumentException(
          "ONNX Runtime cannot load the cross-encoder " + model + ": " + e.getMessage(), e);
    }
  }

  @Override
  public List<Ranked> rerank(String question, List<Candidate> candidates, int keep) {
    double[] logits = rawScores(question, candidates);
    var out = new ArrayList<Ranked>();
    for (int i = 0; i < candidates.size(); i++) {
      out.add(new Ranked(candidates.get(i), calibration.probability(logits[i])));
    }
    out.sort(Comparator.comparingDouble((Ranked r) -> -r.relevance()));
    return out.subList(0, Math.min(keep, out.size())).stream()
        .map(r -> new Ranked(r.candidate(), FusedOrderReranker.round(r.relevance())))
        .toList();
  }

  /** The model's logit for each (question, passage) pair. */
  @Override
  public double[] rawScores(String question, List<Candidate> candidates) {
    if (candidates.isEmpty()) {
      return new double[0];
    }
    Encoding[] pairs =
        candidates.stream()
            .map(c -> tokenizer.encode(question, c.chunk().text()))
            .toArray(Encoding[]::new);
    int length = 0;
    for (Encoding e : pairs) {
      length = Math.max(length, e.getIds().length);
    }
    Map<String, OnnxTensor> inputs = new HashMap<>();
    try {
      inputs.put("input_ids", tensor(pairs, length, Encoding::getIds));
      inputs.put("attention_mask", tensor(pairs, length, Encoding::getAttentionMask));
      if (typeIds) {
        inputs.put("token_type_ids", tensor(pairs, length, Encoding::getTypeIds));
      }
      try (var result = session.run(inputs)) {
        return logits(result.get(0).getValue(), pairs.length);
      }
    } catch (OrtException e) {
      throw new IllegalStateException("cross-encoder " + name + " failed: " + e.getMessage(), e);
    } finally {
      inputs.values().forEach(OnnxTensor::close);
    }
  }

  @Override
  public RelevanceCalibration calibration() {
    return calibration;
  }

  @Override
  public String name() {
    return "cross-encoder:" + name;
  }

  @Override
  public void close() {
    try {
      session.close();
    } catch (OrtException e) {
      throw new IllegalStateException(e);
    } finally {
      tokenizer.close();
    }
  }

  private OnnxTensor tensor(
      Encoding[] pairs, int length, java.util.function.Function<Encoding, long[]> field)
      throws OrtException {
    var buffer = LongBuffer.allocate(pairs.length * length); // zeros: padding, masked out
    for (int i = 0; i < pairs.length; i++) {
      buffer.position(i * length);
      buffer.put(field.apply(pairs[i]));
    }
    buffer.rewind();
    return OnnxTensor.createTensor(environment, buffer, new long[] {pairs.length, length});
  }

  /** One logit per pair, from an output shaped [n] or [n, 1]. */
  private double[] logits(Object output, int n) {
    var out = new double[n];
    for (int i = 0; i < n; i++) {
      if (output instanceof float[] flat) {
        out[i] = flat[i];
      } else if (output instanceof float[][] rows && rows[i].length == 1) {
        out[i] = rows[i][0];
      } else {
        throw new IllegalStateException(
            "cross-encoder " + name + " does not answer one logit per pair");
      }
    }
    return out;
  }

  private static void requireReadable(Path file, String what) {
    if (file == null || !Files.isReadable(file)) {
      throw new IllegalArgumentException("cannot read the " + what + " at " + file);
    }
  }
}
