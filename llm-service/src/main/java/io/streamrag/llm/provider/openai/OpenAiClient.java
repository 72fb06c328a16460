package io.streamrag.llm.provider.openai;

import io.streamrag.llm.provider.ProviderException;
import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.llm.provider.model.ChatModel;
import io.streamrag.llm.provider.model.ModelReply;
import io.streamrag.llm.provider.model.ModelRequest;
import io.streamrag.llm.provider.openai.StreamedExchange.Event;
import io.streamrag.llm.provider.openai.StreamedExchange.Failed;
import io.streamrag.llm.provider.openai.StreamedExchange.Head;
import io.streamrag.llm.provider.openai.StreamedExchange.Line;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.util.function.Consumer;
import tools.jackson.databind.json.JsonMapper;

/**
 * One OpenAI-compatible endpoint (OpenAI, GapGPT, Avalai, vLLM, Ollama…): a streamed {@code
 * /chat/completions} call with per-phase timeouts that really cut a stalled stream, tool-call
 * deltas, and the final usage chunk. Failures are {@link EndpointException}s, classified for the
 * {@link ProviderChain}; use the chain, not this class, from the pipeline.
 */
public final class OpenAiClient implements ChatModel {

  private final Endpoint endpoint;
  private final HttpClient http;
  private final ChatBody body;
  private final JsonMapper json;

  public OpenAiClient(Endpoint endpoint, JsonMapper json) {
    this.endpoint = endpoint;
    this.json = json;
    this.body = new ChatBody(json);
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(endpoint.connectTimeout())
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
   * @throws EndpointException (a {@code RuntimeException}) when the endpoint fails, stalls or sends
   *     something unreadable
   * @throws ProviderException when the calling thread is interrupted (no verdict on the endpoint);
   *     exceptions thrown by {@code tokens} pass through unchanged
   * @throws Cancellation.Cancelled when the answer's caller left ({@link Cancellation#current()}):
   *     the connection is closed, and the endpoint is not blamed
   */
  @Override
  public ModelReply stream(ModelRequest request, Consumer<String> tokens) {
    var reader = new ChunkReader(json);
    var deadlines = new Deadlines(endpoint);
    // the caller leaving closes the connection at once, even while the model thinks
    var cancellation = Cancellation.current();
    cancellation.check();
    try (var exchange = StreamedExchange.send(http, httpRequest(request));
        var hangUp = cancellation.onCancel(exchange::close)) {
      while (true) {
        Event event = exchange.next(deadlines.next());
        cancellation.check();
        if (event == null) {
          if (reader.done()) {
            return reply(reader); // everything arrived; only the end of the body did not
          }
          throw EndpointException.failed(deadlines.expired(), null);
        } else if (event instanceof Head head && head.status() / 100 != 2) {
          throw ErrorBody.read(head, exchange, deadlines);
        } else if (event instanceof Line line) {
          ChunkReader.Piece piece = reader.read(line.text());
          if (piece.delta()) {
            deadlines.delta();
          }
          if (!piece.text().isEmpty()) {
            tokens.accept(piece.text());
          }
        } else if (event instanceof StreamedExchange.End) {
          if (reader.finished()) {
            return reply(reader);
          }
          throw EndpointException.failed("the stream ended before the reply was finished", null);
        } else if (event instanceof Failed failed) {
          throw EndpointException.failed(Failures.describe(failed.error()), failed.error());
        }
      }
    } catch (EndpointException e) {
      // the connection closed for a cancel looks like a failure: it is not the endpoint's
      cancellation.check();
      throw e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      // the caller is stopping, not the endpoint failing: not a fault, and no fallback
      throw new ProviderException("interrupted while waiting for " + endpoint.name(), e);
    }
  }

  private ModelReply reply(ChunkReader reader) {
    return reader.reply(endpoint.name(), endpoint.model());
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
