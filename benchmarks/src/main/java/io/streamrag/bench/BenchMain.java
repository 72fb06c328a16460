package io.streamrag.bench;

/** {@code ./bench.sh <benchmark> [--option value]…}: runs one benchmark and prints its figures. */
public final class BenchMain {

  private BenchMain() {}

  private static java.nio.file.Path dataset(String[] args) {
    if (args.length < 2 || args[1].startsWith("--")) {
      throw new IllegalArgumentException(args[0] + " needs a BEIR dataset directory");
    }
    return java.nio.file.Path.of(args[1]);
  }

  public static void main(String[] args) throws Exception {
    String which = args.length == 0 ? "help" : args[0];
    switch (which) {
      case "freshness" -> FreshnessBench.run(new Args(args, 1));
      case "station-fanout" -> StationFanOutBench.run(new Args(args, 1));
      case "chat" -> ChatBench.run(new Args(args, 1));
      case "streams" -> StreamsBench.run(new Args(args, 1));
      case "model" ->
          io.streamrag.modelfake.StreamingModelMain.main(
              java.util.Arrays.copyOfRange(args, 1, args.length));
      case "memory" -> MemoryBench.run(new Args(args, 1));
      case "alerts" -> AlertBench.run(new Args(args, 1));
      case "chaos" -> ChaosBench.run(new Args(args, 1));
      case "embedding" -> EmbeddingBench.run(new Args(args, 1));
      case "retrieval" -> RetrievalBench.run(dataset(args), new Args(args, 2));
      case "retrieval-report" -> RetrievalReport.run(dataset(args), new Args(args, 2));
      case "fusion-calibration" -> FusionCalibrationBench.run(dataset(args), new Args(args, 2));
      case "retrieval-scale" -> RetrievalScaleBench.run(dataset(args), new Args(args, 2));
      case "answers" -> AnswerBench.run(dataset(args), new Args(args, 2));
      case "rerank-calibration" -> RerankCalibrationBench.run(args[1], new Args(args, 2));
      default -> {
        System.out.println(
            """
            usage: ./bench.sh streams [--concurrency 50,200,500,1000] [--seconds 30] [--warmup-seconds 10]
                     [--chats-per-key 10] [--flood 0] [--model-port 18000] [--model-first-token-ms 100]
                     [--model-tokens 50] [--model-seconds 5] [--chat-timeout 60]
                     against the running stack started with LLM_BASE_URL=http://127.0.0.1:18000/v1
                     LLM_MODEL=fake-streaming LLM_PLANNER=deterministic: starts the fake streaming model
                     on --model-port, issues keys (dev-admin-key), then per level N clients ask, read the
                     answer to the end and ask again; one JSON line per level (answered, errors, time to
                     first token over the model's own, added gap between tokens, CPU per 100 chats, heap).
                     --flood N: one key asks N chats at once while another tenant asks five.
                   ./bench.sh model [--port 18000] [--first-token-ms 100] [--tokens 50] [--seconds 5]
                     the fake streaming model alone, until Ctrl-C.
                   ./bench.sh chat [--streams 1] [--seconds 20] [--warmup-seconds 0]
                     against the running stack (./run.sh): N clients each ask, read the answer to
                     done and ask again, for S seconds; prints time to first token p50/p95/p99,
                     total p50/p95/p99, chats/s and errors as one JSON line.
                   ./bench.sh freshness [--devices 1000] [--rate 100] [--seconds 30]
                     against the running stack (./run.sh): N devices publish readings over MQTT at a total
                     rate; prints publish -> searchable p50/p95/p99 and the embedding floor.
                   ./bench.sh memory [--rounds 60] [--history 10]
                     against the running stack: time to first token with no conversation, with an
                     N-turn history, and with memory off; the gap from last token to done.
                   ./bench.sh alerts [--sensors 100]
                     against the running stack: a dry reading to the irrigation alert on each
                     sensor's SSE subscription (demo key dev-bench-key owns the bench sensors).
                   ./bench.sh chaos [--seconds 180] [--chats 10] [--readings 50] [--sensors 25]
                     [--first-kill 15] [--kill-every 25] [--chat-timeout 70]
                     [--order ingest-service,retrieval-service,llm-service,gateway-service,sensor-bridge,kafka]
                     against the running stack (run.sh's supervisor restarts what it kills): chats and
                     readings at a steady rate while each process in turn is killed with SIGKILL;
                     prints readings accepted / in snapshots / lost, duplicate index entries, chats
                     answered / errored / hung and each process's recovery time, as one JSON line.
                   ./bench.sh chaos --replicas 2 [--scenario goal|rolling] [--in-flight 50]
                     [--seconds 90] [--faults 20:kill:llm-service,40:kill:retrieval-service-2,...]
                     against ./run.sh --replicas 2 answering with the fake model it starts (port
                     18000): chats in flight over both gateways while instances are killed or
                     stopped; prints the answered share, spliced, duplicated and hung chats and each
                     fault's recovery.
                   ./bench.sh embedding [--rounds 200]
                     the bundled embedder's threading settings compared on the services' work.
                   ./bench.sh retrieval <BEIR dir> [--modes bm25,dense,hybrid,hybrid+rerank]
                     [--split all|dev|test] [--max-tokens N --overlap-tokens N --rrf-k N
                     --lexical-weight W --dense-weight-en W]
                     [--fusions score-distribution,reciprocal-rank] (one line per rule)
                     quality (nDCG@10, recall@10, MRR@10, hit@1, hit@10) and query latency of each
                     mode on a BEIR-layout set, indexed through ingest's chunking and retrieval's store;
                     options override the services' defaults, one JSON line per split and mode.
                     [--rerank-onnx-model m.onnx --rerank-onnx-tokenizer tokenizer.json
                     --rerank-onnx-scale A --rerank-onnx-shift B] reranks with a cross-encoder.
                     --split: half the queries by a hash of their id (tune on dev, report test),
                     the corpus whole; all (the default) is every query.
                   ./bench.sh retrieval-report <eval dir> [--split test|dev|dev,test]
                     every BEIR set in the folder and benchmarks/data/long-passages (test only),
                     every mode: one Markdown table per split, with the default mode's margin over
                     its best single leg and the sets where it is more than 0.01 nDCG@10 below.
                   ./bench.sh rerank-calibration <BEIR dir>[,<BEIR dir>...] [--rerank-onnx-...]
                     fits the local reranker's relevance calibration (Platt) on the dev halves;
                     log-loss, Brier and mean relevance per set and half, then scale and shift.
                   ./bench.sh retrieval-scale <BEIR dir> [--chunks 100000]
                     search latency at N synthetic chunks made from the set's sentences.
                   ./bench.sh fusion-calibration <BEIR dir> [--split dev|test] [--queries 200]
                     calibrates the set as one KB (no labels), then nDCG@10 of its labelled
                     questions at every dense weight: the chosen one against the best.
                   ./bench.sh answers <BEIR dir | knowledge folder> [--questions file.jsonl]
                     [--unanswerable file.jsonl] [--mode classic] [--planner deterministic]
                     [--thresholds 0.3,0.4,0.5,0.6] [--paraphrase 0.6] [--traces out.jsonl]
                     [--planner model --llm-base-url URL --llm-model NAME --llm-api-key KEY]
                     every question through the evidence loop (budget 4) over the indexed set:
                     answerable questions answered from the right document, unanswerable ones
                     refused (needs_human), searches per question; one JSON line per split
                     (dev, test) and threshold.""");
        System.exit(which.equals("help") ? 0 : 2);
      }
    }
    // Client libraries may leave non-daemon threads behind: the figures are printed, we are done.
    System.exit(0);
  }
}
