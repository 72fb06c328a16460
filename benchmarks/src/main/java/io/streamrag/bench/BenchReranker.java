package io.streamrag.bench;

import io.streamrag.retrieval.rerank.CrossEncoderReranker;
import io.streamrag.retrieval.rerank.FusedOrderReranker;
import io.streamrag.retrieval.rerank.RelevanceCalibration;
import io.streamrag.retrieval.rerank.Reranker;
import java.nio.file.Path;

/**
 * The local reranker a benchmark measures: the service's default (the fused order), or with {@code
 * --rerank-onnx-model file.onnx --rerank-onnx-tokenizer tokenizer.json [--rerank-onnx-max-tokens
 * 512] [--rerank-onnx-scale 1 --rerank-onnx-shift 0]} a cross-encoder, as {@code
 * retrieval.rerank.onnx.*} configures it in the service.
 */
final class BenchReranker {

  private BenchReranker() {}

  static Reranker of(Args args) {
    if (!args.has("rerank-onnx-model")) {
      return new FusedOrderReranker();
    }
    return CrossEncoderReranker.fromFiles(
        Path.of(args.text("rerank-onnx-model", "")),
        Path.of(args.text("rerank-onnx-tokenizer", "")),
        args.integer("rerank-onnx-max-tokens", 512),
        new RelevanceCalibration(
            args.decimal("rerank-onnx-scale", 1), args.decimal("rerank-onnx-shift", 0)));
  }
}
