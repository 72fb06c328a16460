package io.streamrag.bench;

/** {@code ./bench.sh <benchmark> [--option value]…}: runs one benchmark and prints its figures. */
public final class BenchMain {

  private BenchMain() {}

  public static void main(String[] args) throws Exception {
    String which = args.length == 0 ? "help" : args[0];
    switch (which) {
      case "freshness" -> FreshnessBench.run(new Args(args, 1));
      case "embedding" -> EmbeddingBench.run(new Args(args, 1));
      default -> {
        System.out.println(
            """
            usage: ./bench.sh freshness [--devices 1000] [--rate 100] [--seconds 30]
                     against the running stack (./run.sh): N devices publish readings over MQTT at a total
                     rate; prints publish -> searchable p50/p95/p99 and the embedding floor.
                   ./bench.sh embedding [--rounds 200]
                     the bundled embedder's threading settings compared on the services' work.""");
        System.exit(which.equals("help") ? 0 : 2);
      }
    }
    // Client libraries may leave non-daemon threads behind: the figures are printed, we are done.
    System.exit(0);
  }
}
