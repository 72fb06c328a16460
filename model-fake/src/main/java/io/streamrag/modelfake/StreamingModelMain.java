package io.streamrag.modelfake;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * Runs the fake model on its own: {@code --port 18000 --first-token-ms 100 --tokens 50 --seconds
 * 5}; Ctrl-C stops it. {@code ./bench.sh model} starts it this way.
 */
public final class StreamingModelMain {

  private StreamingModelMain() {}

  public static void main(String[] args) throws InterruptedException {
    int port = 18000;
    long first = 100;
    int tokens = 50;
    double seconds = 5;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--port" -> port = Integer.parseInt(args[i + 1]);
        case "--first-token-ms" -> first = Long.parseLong(args[i + 1]);
        case "--tokens" -> tokens = Integer.parseInt(args[i + 1]);
        case "--seconds" -> seconds = Double.parseDouble(args[i + 1]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    var pace =
        new Pace(Duration.ofMillis(first), tokens, Duration.ofMillis((long) (seconds * 1000)));
    var model = StreamingModel.start(port, pace);
    var stop = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  model.close();
                  stop.countDown();
                },
                "fake-model-stop"));
    System.out.printf("fake model streaming at %s: %s%n", model.baseUrl(), pace);
    stop.await();
  }
}
