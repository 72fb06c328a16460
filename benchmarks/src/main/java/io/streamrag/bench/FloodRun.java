package io.streamrag.bench;

import io.streamrag.modelfake.Pace;
import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Fairness under a flood: one key asks {@code flood} chats in the same instant while another
 * tenant's key asks five, 200 ms apart, starting with the flood. What a fair gateway shows: the
 * other tenant's first tokens as quick as when alone, and the flood's excess refused at once
 * ({@code 429}), never left to time out.
 */
final class FloodRun {

  private FloodRun() {}

  static Map<String, Object> run(
      HttpClient http,
      String gateway,
      BenchKeys.Key flooder,
      BenchKeys.Key other,
      int flood,
      Pace pace,
      long timeoutMillis)
      throws Exception {
    var floodChats = new ArrayList<CompletableFuture<StreamChat.Result>>();
    for (int i = 0; i < flood; i++) {
      floodChats.add(
          StreamChat.ask(
              http,
              gateway,
              flooder.secret(),
              flooder.sensor(),
              StreamsBench.QUESTIONS.get(i % StreamsBench.QUESTIONS.size()),
              timeoutMillis));
    }
    var otherChats = new ArrayList<CompletableFuture<StreamChat.Result>>();
    for (int i = 0; i < 5; i++) {
      otherChats.add(
          StreamChat.ask(
              http,
              gateway,
              other.secret(),
              other.sensor(),
              StreamsBench.QUESTIONS.get(i % StreamsBench.QUESTIONS.size()),
              timeoutMillis));
      TimeUnit.MILLISECONDS.sleep(200);
    }
    List<StreamChat.Result> flooded = floodChats.stream().map(CompletableFuture::join).toList();
    List<StreamChat.Result> others = otherChats.stream().map(CompletableFuture::join).toList();
    var verdicts = new TreeMap<String, Integer>();
    flooded.forEach(c -> verdicts.merge(c.verdict(), 1, Integer::sum));
    double[] refusedMs =
        flooded.stream()
            .filter(c -> c.verdict().startsWith("refused"))
            .mapToDouble(c -> (c.endedNanos() - c.sentNanos()) / 1e6)
            .toArray();
    var out = new LinkedHashMap<String, Object>();
    out.put("bench", "streams-flood");
    out.put("flood", flood);
    out.put("flood_verdicts", verdicts);
    out.put("flood_refusal_ms", StreamsBench.percentiles(Percentiles.of(refusedMs)));
    out.put("other_verdicts", others.stream().map(StreamChat.Result::verdict).toList());
    out.put(
        "other_ttft_over_model_ms",
        others.stream()
            .map(c -> StreamsBench.round(c.firstTokenMs() - pace.firstToken().toMillis()))
            .toList());
    return out;
  }
}
