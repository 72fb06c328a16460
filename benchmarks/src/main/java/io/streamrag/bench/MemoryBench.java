package io.streamrag.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What conversation memory costs a chat, against the running stack (./run.sh): time to first token
 * and the gap from the last token to {@code done}, for questions with no conversation, in a
 * conversation whose prompt carries N earlier turns, and with memory switched off (no read, no
 * write), in alternating blocks of one run. The pipeline's memory window is set through the admin
 * API for the run and restored after.
 */
final class MemoryBench {

  private static final JsonMapper JSON = new JsonMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final String SENSOR = "550e8400-e29b-41d4-a716-446655440000";
  private static final List<String> QUESTIONS =
      List.of(
          "رطوبت خاک من چقدر است؟",
          "What is ET0 and how do I use it for irrigation?",
          "کود نیتروژن را کی بدهم؟",
          "How do I lower soil pH?",
          "خطر یخبندان برای گندم چیست؟");

  /** One chat as the client saw it. */
  record Timing(double firstTokenMs, double doneGapMs, int historyTurns) {}

  private MemoryBench() {}

  static void run(Args args) throws Exception {
    String gateway = args.text("gateway", "http://127.0.0.1:8080");
    String ingest = args.text("ingest", "http://127.0.0.1:8082");
    String key = args.text("api-key", "dev-farmer-key");
    String admin = args.text("admin-token", "dev-admin-token");
    int rounds = args.integer("rounds", 60);
    int history = args.integer("history", 10);
    String config = ingest + "/admin/pipelines/croplogic";

    JsonNode original = JSON.readTree(call("GET", config, admin, null));
    try {
      window(config, admin, history, 50_000, gateway, key);
      // 1. warm up, then a conversation with `history` turns
      for (int i = 0; i < 20; i++) {
        chat(gateway, key, QUESTIONS.get(i % QUESTIONS.size()), null);
      }
      String conversation = null;
      for (int i = 0; i < history; i++) {
        conversation = chat(gateway, key, QUESTIONS.get(i % QUESTIONS.size()), conversation).id;
      }
      // 2. in blocks, so that no case gets a warmer JVM than another: a question alone and the same
      // question in the long conversation, interleaved; then, with memory off, the question alone
      var alone = new ArrayList<Timing>();
      var remembered = new ArrayList<Timing>();
      var off = new ArrayList<Timing>();
      int blocks = 4;
      for (int b = 0; b < blocks; b++) {
        if (b > 0) {
          window(config, admin, history, 50_000, gateway, key);
        }
        for (int i = 0; i < rounds / blocks; i++) {
          String q = QUESTIONS.get(i % QUESTIONS.size());
          alone.add(chat(gateway, key, q, null).timing);
          remembered.add(chat(gateway, key, q, conversation).timing);
        }
        window(config, admin, 0, 0, gateway, key);
        for (int i = 0; i < rounds / blocks; i++) {
          off.add(chat(gateway, key, QUESTIONS.get(i % QUESTIONS.size()), null).timing);
        }
      }
      print("no conversation (memory on: 0 turns read, 1 written)", alone, alone);
      print(history + "-turn history (read " + history + ", 1 written)", remembered, alone);
      print("memory off (nothing read or written)", off, alone);
    } finally {
      var restore = JSON.createObjectNode();
      restore.put("memory_max_turns", original.get("memory_max_turns").asInt());
      restore.put("memory_max_tokens", original.get("memory_max_tokens").asInt());
      call("PUT", config, admin, restore.toString());
    }
  }

  /** Sets the memory window, then asks until llm-service answers with it (it follows a topic). */
  private static void window(
      String config, String admin, int turns, int tokens, String gateway, String key)
      throws Exception {
    var edit = JSON.createObjectNode();
    edit.put("memory_max_turns", turns);
    edit.put("memory_max_tokens", tokens);
    call("PUT", config, admin, edit.toString());
    for (int i = 0; i < 100; i++) {
      if ("off".equals(chat(gateway, key, QUESTIONS.get(0), null).memory) == (turns == 0)) {
        return;
      }
    }
    throw new IllegalStateException("llm-service did not take the new memory window");
  }

  private record Chat(String id, String memory, Timing timing) {}

  /** Asks, reading the stream as it comes: first token and done are timed on arrival. */
  private static Chat chat(String gateway, String key, String question, String conversation)
      throws Exception {
    var body = JSON.createObjectNode().put("message", question).put("sensor_uuid", SENSOR);
    if (conversation != null) {
      body.put("conversation_id", conversation);
    }
    var request =
        HttpRequest.newBuilder(URI.create(gateway + "/api/rag/chat"))
            .timeout(Duration.ofSeconds(60))
            .header("Authorization", "Bearer " + key)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
            .build();
    long start = System.nanoTime();
    long first = -1;
    long lastToken = -1;
    long done = -1;
    String id = null;
    String memory = null;
    int turns = 0;
    String event = null;
    var response = HTTP.send(request, HttpResponse.BodyHandlers.ofLines());
    for (String line : (Iterable<String>) response.body()::iterator) {
      long now = System.nanoTime();
      if (line.startsWith("event:")) {
        event = line.substring(6).strip();
      } else if (line.startsWith("data:") && event != null) {
        switch (event) {
          case "meta" -> {
            JsonNode meta = JSON.readTree(line.substring(5));
            id = meta.get("conversation_id").asString();
            turns = meta.path("history_turns").asInt();
            memory = meta.path("memory").asString();
          }
          case "token" -> {
            first = first < 0 ? now : first;
            lastToken = now;
          }
          case "done" -> done = now;
          case "error" -> throw new IllegalStateException("the chat failed: " + line);
          default -> {}
        }
      }
    }
    if (first < 0 || done < 0) {
      throw new IllegalStateException("no complete answer to " + question);
    }
    return new Chat(id, memory, new Timing((first - start) / 1e6, (done - lastToken) / 1e6, turns));
  }

  private static void print(String name, List<Timing> sample, List<Timing> baseline) {
    var ttft = Percentiles.of(sample.stream().mapToDouble(Timing::firstTokenMs).toArray());
    var base = Percentiles.of(baseline.stream().mapToDouble(Timing::firstTokenMs).toArray());
    var gap = Percentiles.of(sample.stream().mapToDouble(Timing::doneGapMs).toArray());
    System.out.printf(
        Locale.ROOT,
        "{\"case\":\"%s\",\"n\":%d,\"history_turns\":%d,\"first_token_p50_ms\":%.1f,"
            + "\"first_token_p99_ms\":%.1f,\"added_p50_ms\":%.1f,\"added_p99_ms\":%.1f,"
            + "\"last_token_to_done_p50_ms\":%.2f,\"last_token_to_done_p99_ms\":%.2f}%n",
        name,
        ttft.count(),
        sample.get(sample.size() - 1).historyTurns(),
        ttft.p50(),
        ttft.p99(),
        ttft.p50() - base.p50(),
        ttft.p99() - base.p99(),
        gap.p50(),
        gap.p99());
  }

  private static String call(String method, String url, String token, String json)
      throws Exception {
    var request =
        HttpRequest.newBuilder(URI.create(url))
            .timeout(Duration.ofSeconds(20))
            .header("Authorization", "Bearer " + token)
            .header("Content-Type", "application/json")
            .method(
                method,
                json == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(json));
    var response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IllegalStateException(method + " " + url + ": " + response.body());
    }
    return response.body();
  }
}
