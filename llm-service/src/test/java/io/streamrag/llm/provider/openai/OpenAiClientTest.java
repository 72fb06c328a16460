package io.streamrag.llm.provider.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.llm.provider.Answer.TokenUsage;
import io.streamrag.llm.provider.model.ChatMessage;
import io.streamrag.llm.provider.model.ModelReply;
import io.streamrag.llm.provider.model.ModelRequest;
import io.streamrag.llm.provider.model.ToolCall;
import io.streamrag.llm.provider.model.ToolSpec;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** One endpoint against a fake that speaks the OpenAI streaming protocol. */
class OpenAiClientTest {

  static final ModelRequest QUESTION =
      ModelRequest.of(List.of(ChatMessage.system("Be brief."), ChatMessage.user("Moisture?")));

  final FakeOpenAiServer server = new FakeOpenAiServer();
  final OpenAiClient client = Endpoints.client("gapgpt", server);
  final List<String> tokens = new ArrayList<>();

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void contentStreamsPieceByPieceAndTheFinalChunkGivesTheUsage() {
    server.then(Script.answer("Soil ", "moisture ", "is 12.5 %."));

    ModelReply reply = ModelCalls.ask(client, QUESTION, tokens::add);

    assertThat(tokens).containsExactly("Soil ", "moisture ", "is 12.5 %.");
    assertThat(reply.text()).isEqualTo("Soil moisture is 12.5 %.");
    assertThat(reply.finishReason()).isEqualTo("stop");
    assertThat(reply.usage()).isEqualTo(new TokenUsage(42, 3));
    assertThat(reply.provider()).isEqualTo("gapgpt");
    assertThat(reply.model()).isEqualTo("model-of-gapgpt");
  }

  @Test
  void theRequestStreamsAsksForUsageAndCarriesTheMessagesAndTheKey() {
    ModelCalls.ask(client, QUESTION, tokens::add);

    JsonNode body = server.last().body();
    assertThat(body.get("model").asString()).isEqualTo("model-of-gapgpt");
    assertThat(body.get("stream").asBoolean()).isTrue();
    assertThat(body.at("/stream_options/include_usage").asBoolean()).isTrue();
    assertThat(body.at("/messages/0/role").asString()).isEqualTo("system");
    assertThat(body.at("/messages/1/content").asString()).isEqualTo("Moisture?");
    assertThat(body.has("tools")).isFalse();
    assertThat(server.last().authorization()).isEqualTo("Bearer sk-gapgpt");
  }

  @Test
  void anEndpointWithoutAKeyGetsNoAuthorizationHeader() {
    Endpoint withKey = Endpoints.of("vllm", server.baseUrl(), false);
    Endpoint keyless =
        new Endpoint(
            "vllm",
            withKey.baseUrl(),
            "",
            "qwen2.5",
            withKey.connectTimeout(),
            withKey.firstTokenTimeout(),
            withKey.idleTimeout(),
            withKey.totalTimeout(),
            false);

    ModelCalls.complete(new OpenAiClient(keyless, new JsonMapper(), ModelCalls.THREADS), QUESTION);

    assertThat(server.last().authorization()).isNull();
  }

  @Test
  void twoToolCallsInterleavedByIndexAreEachAssembledFromTheirPieces() {
    server.then(
        Script.ok()
            .role()
            .toolCall(0, "call_a", "sensor_history", "{\"sensor\":")
            .toolCall(1, "call_b", "kb_search", "{\"q")
            .toolArguments(0, "\"s-1\",")
            .toolArguments(1, "uery\":\"ET0\"}")
            .toolArguments(0, "\"days\":7}")
            .finish("tool_calls")
            .usage(50, 20)
            .done());

    ModelReply reply = ModelCalls.ask(client, QUESTION, tokens::add);

    assertThat(reply.toolCalls())
        .containsExactly(
            new ToolCall("call_a", "sensor_history", "{\"sensor\":\"s-1\",\"days\":7}"),
            new ToolCall("call_b", "kb_search", "{\"query\":\"ET0\"}"));
    assertThat(reply.finishReason()).isEqualTo("tool_calls");
    assertThat(reply.text()).isEmpty();
    assertThat(tokens).isEmpty();
  }

  @Test
  void toolsToolCallsAndToolResultsAreSentAsTheProtocolHasThem() {
    JsonNode schema =
        new JsonMapper()
            .readTree("{\"type\":\"object\",\"properties\":{\"days\":{\"type\":\"integer\"}}}");
    var call = new ToolCall("call_a", "sensor_history", "{\"days\":7}");
    var request =
        new ModelRequest(
            List.of(
                ChatMessage.user("Last week?"),
                ChatMessage.assistant(null, List.of(call)),
                ChatMessage.tool("call_a", "[12.5, 13.1]")),
            List.of(new ToolSpec("sensor_history", "Readings of the last days", schema)));

    ModelCalls.complete(client, request);

    JsonNode body = server.last().body();
    assertThat(body.at("/tools/0/type").asString()).isEqualTo("function");
    assertThat(body.at("/tools/0/function/name").asString()).isEqualTo("sensor_history");
    assertThat(body.at("/tools/0/function/parameters")).isEqualTo(schema);
    assertThat(body.at("/messages/1/role").asString()).isEqualTo("assistant");
    assertThat(body.at("/messages/1/content").isNull()).isTrue();
    assertThat(body.at("/messages/1/tool_calls/0/id").asString()).isEqualTo("call_a");
    assertThat(body.at("/messages/1/tool_calls/0/function/arguments").asString())
        .isEqualTo("{\"days\":7}");
    assertThat(body.at("/messages/2/role").asString()).isEqualTo("tool");
    assertThat(body.at("/messages/2/tool_call_id").asString()).isEqualTo("call_a");
  }

  @Test
  void aDataLineThatIsNotJsonIsAMalformedStream() {
    server.then(Script.ok().role().raw("data: {not json").content("late").done());

    assertThatThrownBy(() -> ModelCalls.ask(client, QUESTION, tokens::add))
        .isInstanceOf(EndpointException.class)
        .hasMessageContaining("malformed stream")
        .satisfies(
            e ->
                assertThat(((EndpointException) e).kind())
                    .isEqualTo(EndpointException.Kind.FAILED));
  }

  @Test
  void anErrorStatusCarriesTheEndpointsOwnMessage() {
    server.then(Script.status(401, "Incorrect API key provided"));

    assertThatThrownBy(() -> ModelCalls.ask(client, QUESTION, tokens::add))
        .isInstanceOf(EndpointException.class)
        .hasMessageContaining("HTTP 401")
        .hasMessageContaining("Incorrect API key provided");
  }

  @Test
  void a429IsRateLimitedAndKeepsItsRetryAfter() {
    server.then(Script.status(429, "slow down").header("Retry-After", "7"));

    assertThatThrownBy(() -> ModelCalls.ask(client, QUESTION, tokens::add))
        .isInstanceOfSatisfying(
            EndpointException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(EndpointException.Kind.RATE_LIMITED);
              assertThat(e.retryAfter()).isEqualTo("7");
            });
  }

  @Test
  void anEndpointNobodyListensOnFailsAtOnce() throws Exception {
    int port;
    try (var socket = new ServerSocket(0)) {
      port = socket.getLocalPort(); // free again once closed: nobody listens there
    }
    var closed =
        new OpenAiClient(
            Endpoints.of("gone", "http://127.0.0.1:" + port + "/v1", false),
            new JsonMapper(),
            ModelCalls.THREADS);

    assertThatThrownBy(() -> ModelCalls.ask(closed, QUESTION, tokens::add))
        .isInstanceOf(EndpointException.class)
        .hasMessageContaining("unreachable");
  }

  @Test
  void aStreamThatEndsBeforeFinishingIsAFailure() {
    server.then(Script.ok().role().content("Soil moisture "));

    assertThatThrownBy(() -> ModelCalls.ask(client, QUESTION, tokens::add))
        .isInstanceOf(EndpointException.class)
        .hasMessageContaining("ended before the reply was finished");
    assertThat(tokens).containsExactly("Soil moisture ");
  }
}
