package io.streamrag.llm.provider.openai;

import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.llm.provider.model.ChatModel;
import io.streamrag.llm.provider.model.ModelReply;
import io.streamrag.llm.provider.model.ModelRequest;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import tools.jackson.databind.json.JsonMapper;

/**
 * One OpenAI-compatible endpoint (OpenAI, GapGPT, Avalai, vLLM, Ollama…): a streamed {@code
 * /chat/completions} call ({@link StreamedCall}) with per-phase timeouts that really cut a stalled
 * stream, tool-call deltas, and the final usage chunk. Failures are {@link EndpointException}s,
 * classified for the {@link ProviderChain}; use the chain, not this class, from the pipeline.
 */
public final class OpenAiClient implements ChatModel {

  private final Endpoint endpoint;
  private final HttpClient http;
  private final ChatBody body;
  private final JsonMapper json;
  private final CallThreads threads;

  public OpenAiClient(Endpoint endpoint, JsonMapper json, CallThreads threads) {
    this.endpoint = endpoint;
    this.json = json;
    this.threads = threads;
    this.body = new ChatBody(json);
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(endpoint.connectTimeout())
            .executor(threads.http())
            // plain http is a local server: no h2c upgrade dance; https negotiates by ALPN
            .version(
                "http".equals(endpoint.baseUrl().getScheme())
                    ? HttpClient.Version.HTTP_1_1
                    : HttpClient.Version.HTTP_2)
            .build();
  }

  public Endpoint endpoint() {
    return endpoint;
  }

  /**
   * {@inheritDoc}
   *
   * <p>Fails with an {@link EndpointException} (a {@code RuntimeException}) when the endpoint
   * fails, stalls or sends something unreadable; with {@link Cancellation.Cancelled} when the
   * answer's caller left (the connection is closed, and the endpoint is not blamed); with what
   * {@code tokens} threw, unchanged.
   */
  @Override
  public CompletableFuture<ModelReply> stream(
      ModelRequest request, Consumer<String> tokens, Cancellation cancel) {
    if (cancel.cancelled()) {
      return CompletableFuture.failedFuture(new Cancellation.Cancelled());
    }
    var call = new StreamedCall(endpoint, json, tokens, threads);
    // the caller leaving closes the connection at once, even while the model thinks
    var hangUp = cancel.onCancel(call::cancel);
    return call.start(http, httpRequest(request)).whenComplete((reply, error) -> hangUp.close());
  }

  private HttpRequest httpRequest(ModelRequest request) {
    var builder =
        HttpRequest.newBuilder(endpoint.chatCompletions())
            .header("Content-Type", "application/json")
            .header("Accept", "text/event-stream")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body.of(endpoint.model(), request)));
    if (endpoint.apiKey() != null && !endpoint.apiKey().isBlank()) {
      builder.header("Authorization", "Bearer " + endpoint.apiKey());
    }
    return builder.build();
  }
}
