package io.streamrag.kit.embedding;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.djl.huggingface.tokenizers.jni.CharSpan;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.DimensionAwareEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;

/**
 * An ONNX sentence-embedding model run in-process by ONNX Runtime: no network, no key. The default
 * is all-MiniLM-L6-v2 (quantized, 384 dimensions) shipped inside a Maven artifact; it reads English
 * only (it splits Persian into single letters: alone it scores about 0 on the Persian sets of the
 * README's retrieval-quality table). A user brings another model, e.g. a multilingual one, as an
 * {@code .onnx} file and its {@code tokenizer.json} ({@link #fromFiles}).
 */
public final class OnnxEmbedder implements Embedder {

  /** The bundled tokenizer truncates at 128 word pieces. */
  private static final int BUNDLED_MAX_TOKENS = 128;

  /** The tokens a BERT-like encoder adds to every text: [CLS] and [SEP]. */
  private static final int SPECIAL_TOKENS = 2;

  private final DimensionAwareEmbeddingModel model;
  private final String name;
  private final int maxTokens;
  private final Set<String> languages;
  private final String origin;
  private final HuggingFaceTokenizer pieces;

  private OnnxEmbedder(
      DimensionAwareEmbeddingModel model,
      HuggingFaceTokenizer pieces,
      String name,
      int maxTokens,
      Set<String> languages,
      String origin) {
    this.model = model;
    this.pieces = pieces;
    this.name = name;
    this.maxTokens = maxTokens;
    this.languages = languages;
    this.origin = origin;
  }

  /**
   * The bundled all-MiniLM-L6-v2 (quantized), each inference single-threaded: on a small machine,
   * parallelism comes from running several texts at once on {@code executor}, not from splitting
   * one text's inference across cores that other work needs.
   *
   * @param executor runs the texts of a batch in parallel; size it to the cores it may use
   */
  public static OnnxEmbedder bundledMiniLm(Executor executor) {
    return bundledMiniLm(executor, 1);
  }

  /**
   * The bundled model with a chosen number of threads per inference.
   *
   * @param intraOpThreads threads ONNX Runtime may use for one text; 0 for its default (every core)
   */
  public static OnnxEmbedder bundledMiniLm(Executor executor, int intraOpThreads) {
    return new OnnxEmbedder(
        new InProcess(executor, OnnxFiles.loadBundled(intraOpThreads)),
        OnnxFiles.bundledPieces(),
        "all-minilm-l6-v2-q",
        BUNDLED_MAX_TOKENS,
        Set.of("en"),
        "bundled in the jar");
  }

  /**
   * A model the user supplies: an ONNX export of a BERT-like sentence encoder and the Hugging Face
   * {@code tokenizer.json} that goes with it. Inference runs like the bundled model's.
   *
   * @param model the {@code .onnx} file
   * @param tokenizer its {@code tokenizer.json}; its {@code truncation.max_length} is where the
   *     model stops reading
   * @param name the model's name, recorded with every vector (with the dimension) so that an index
   *     never mixes two models: give each model its own name
   * @param maxTokens how many tokens the model reads; 0 for the tokenizer's truncation length
   * @param pooling how token vectors become one sentence vector, as the model was trained
   * @param languages the languages (ISO 639-1) the model reads; empty for any
   * @param executor runs the texts of a batch in parallel
   * @throws IllegalArgumentException when a file is missing or unreadable, or {@code maxTokens}
   *     exceeds what the tokenizer lets through
   */
  public static OnnxEmbedder fromFiles(
      Path model,
      Path tokenizer,
      String name,
      int maxTokens,
      PoolingMode pooling,
      Set<String> languages,
      Executor executor) {
    OnnxFiles.requireReadable(model, "ONNX model");
    OnnxFiles.requireReadable(tokenizer, "tokenizer");
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("the model at " + model + " needs a name");
    }
    int reads = OnnxFiles.readableTokens(tokenizer, maxTokens);
    try (InputStream tokens = Files.newInputStream(tokenizer)) {
      var environment = OrtEnvironment.getEnvironment();
      var session = environment.createSession(model.toString(), OnnxFiles.sessionOptions(1));
      return new OnnxEmbedder(
          new InProcess(executor, new OnnxBertBiEncoder(environment, session, tokens, pooling)),
          OnnxFiles.pieces(Files.readAllBytes(tokenizer)),
          name,
          reads,
          Set.copyOf(languages),
          model.toString());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the tokenizer " + tokenizer, e);
    } catch (OrtException e) {
      throw new IllegalArgumentException(
          "ONNX Runtime cannot load the model " + model + ": " + e.getMessage(), e);
    }
  }

  @Override
  public String modelId() {
    return name + "/" + dimension();
  }

  @Override
  public int dimension() {
    return model.dimension();
  }

  @Override
  public int maxTokens() {
    return maxTokens;
  }

  @Override
  public Set<String> languages() {
    return languages;
  }

  /** Where the model comes from, for logs. */
  @Override
  public String toString() {
    return "in-process ONNX " + origin;
  }

  /**
   * Windows counted in the model's own word pieces: {@link #maxTokens()} less [CLS] and [SEP] (126
   * for the bundled MiniLM), so the model reads every piece of every window.
   */
  @Override
  public List<String> windows(String heading, String text) {
    return Windows.of(heading, text, this::spans, maxTokens - SPECIAL_TOKENS, WINDOW_OVERLAP);
  }

  @Override
  public float[] embed(String text) {
    return model.embed(text).content().vector();
  }

  @Override
  public List<float[]> embedAll(List<String> texts) {
    if (texts.isEmpty()) {
      return List.of();
    }
    var segments = texts.stream().map(TextSegment::from).toList();
    return model.embedAll(segments).content().stream().map(e -> e.vector()).toList();
  }

  /** Where each word piece of a text lies, as the model's tokenizer cuts it, untruncated. */
  private List<int[]> spans(String text) {
    var spans = new ArrayList<int[]>();
    if (text.isEmpty()) {
      return spans;
    }
    for (CharSpan s : pieces.encode(text, false, false).getCharTokenSpans()) {
      if (s != null) {
        int start = Math.min(Math.max(s.getStart(), 0), text.length());
        spans.add(new int[] {start, Math.min(Math.max(s.getEnd(), start), text.length())});
      }
    }
    return spans;
  }

  /** langchain4j's in-process model around an encoder we built. */
  private static final class InProcess extends AbstractInProcessEmbeddingModel {
    private final OnnxBertBiEncoder encoder;

    InProcess(Executor executor, OnnxBertBiEncoder encoder) {
      super(executor);
      this.encoder = encoder;
    }

    @Override
    protected OnnxBertBiEncoder model() {
      return encoder;
    }
  }
}
