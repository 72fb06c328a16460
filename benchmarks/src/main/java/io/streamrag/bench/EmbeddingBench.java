package io.streamrag.bench;

import io.streamrag.ingest.snapshot.SnapshotFolder;
import io.streamrag.ingest.snapshot.SnapshotText;
import io.streamrag.kit.embedding.Embedder;
import io.streamrag.kit.embedding.OnnxEmbedder;
import io.streamrag.schemas.Ids;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * The bundled embedder with ONNX Runtime's default threading (every core per inference, what
 * langchain4j gives) against one thread per inference with texts run in parallel (our default), on
 * the work the services do: a question, a snapshot's readings, a batch of 32 document chunks. Both
 * run in this process, alternately, so the ratio holds on a noisy machine.
 */
final class EmbeddingBench {

  private EmbeddingBench() {}

  static void run(Args args) {
    int rounds = args.integer("rounds", 200);
    int cores = Math.max(1, Runtime.getRuntime().availableProcessors());
    var executor = Executors.newFixedThreadPool(cores);
    Embedder shared = OnnxEmbedder.bundledMiniLm(executor, 0);
    Embedder single = OnnxEmbedder.bundledMiniLm(executor, 1);

    String question = "How much water does my wheat field need this week?";
    var snapshot = new SnapshotFolder(new SnapshotText()).fold(null, reading()).orElseThrow();
    var section = new SnapshotText().sections(snapshot).get(0);
    var chunks = new ArrayList<String>();
    for (int i = 0; i < 32; i++) {
      chunks.add(
          ("Irrigate when soil moisture falls to the management allowed depletion of the root zone; "
                      + "in loam this is about half of the available water, near 20 to 24 percent by volume. ")
                  .repeat(3)
              + i);
    }

    System.out.printf(
        Locale.ROOT,
        "%d cores; medians of %d rounds (batch: %d), alternating the two settings%n%n",
        cores,
        rounds,
        rounds / 10);
    System.out.println("| work | ONNX default threads, ms | one thread per text, ms | ratio |");
    System.out.println("|---|---|---|---|");
    compare("question (embed)", rounds, e -> e.embed(question), shared, single);
    compare(
        "snapshot readings, en only",
        rounds,
        e -> e.embed(section.in("en").text()),
        shared,
        single);
    compare(
        "snapshot readings, en + fa (batch of 2)",
        rounds,
        e -> e.embedAll(List.of(section.in("en").text(), section.in("fa").text())),
        shared,
        single);
    compare(
        "32 document chunks (batch)",
        Math.max(5, rounds / 10),
        e -> e.embedAll(chunks),
        shared,
        single);
    executor.shutdown();
  }

  private static void compare(
      String name, int rounds, Consumer<Embedder> work, Embedder a, Embedder b) {
    for (int i = 0; i < Math.max(10, rounds / 5); i++) {
      work.accept(a);
      work.accept(b);
    }
    double[] ta = new double[rounds];
    double[] tb = new double[rounds];
    for (int i = 0; i < rounds; i++) {
      ta[i] = time(work, a);
      tb[i] = time(work, b);
    }
    double ma = Percentiles.of(ta).p50();
    double mb = Percentiles.of(tb).p50();
    System.out.printf(Locale.ROOT, "| %s | %.2f | %.2f | %.2f× |%n", name, ma, mb, ma / mb);
  }

  private static double time(Consumer<Embedder> work, Embedder e) {
    long t0 = System.nanoTime();
    work.accept(e);
    return (System.nanoTime() - t0) / 1e6;
  }

  private static SensorReadingReceived reading() {
    Instant at = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    return SensorReadingReceived.newBuilder()
        .setEventId(Ids.of("bench", at.toString()))
        .setSensorUuid(Ids.of("bench-sensor"))
        .setDeviceId("bench")
        .setTransport("mqtt")
        .setMeasuredAt(at)
        .setReceivedAt(at)
        .setSoilMoisture(23.4)
        .setTemperature(20.3)
        .setPh(6.9)
        .build();
  }
}
