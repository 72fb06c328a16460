package io.streamrag.kit.web;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * A request Netty could not decode (a request line or headers over the server's limits, a line that
 * is not HTTP) is answered by Reactor Netty before any Spring handler runs, and one whose URI is
 * not one by Spring's adapter before any handler, each with its status and an empty body. This
 * handler, placed between the HTTP codec and Reactor Netty's own handler, remembers the request
 * that went in; when its answer is such an empty refusal, it gives it a problem detail as every
 * other error ({@link ProblemErrors}) with the reason ("An HTTP line is larger than 4096 bytes.").
 * Every other answer passes untouched, and nothing is parsed for it. The path cannot be trusted, so
 * {@code /v1/} gets the same shape here.
 */
final class DecodingFailures extends ChannelDuplexHandler {

  /** The handler's name in the channel's pipeline. */
  static final String NAME = "streamrag.decodingFailures";

  private static final int MAX_REASON = 200;

  private final JsonMapper json;

  /** The last request on this connection, until its answer is written. */
  private HttpRequest request;

  DecodingFailures(JsonMapper json) {
    this.json = json;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (msg instanceof HttpRequest read) {
      request = read;
    }
    ctx.fireChannelRead(msg);
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
    if (msg instanceof HttpResponse first) {
      HttpRequest answered = request;
      request = null;
      // only an empty refusal is looked into: every other answer passes untouched
      if (answered != null
          && first instanceof FullHttpResponse response
          && response.status().code() >= 400
          && !response.content().isReadable()) {
        Throwable cause = failure(answered);
        if (cause != null) {
          response.release();
          ctx.write(described(response, cause), promise);
          return;
        }
      }
    }
    ctx.write(msg, promise);
  }

  /** Why Netty, or Spring after it ({@code ReactorHttpHandlerAdapter}), refused the request. */
  private static Throwable failure(HttpRequest request) {
    if (request.decoderResult().isFailure()) {
      return request.decoderResult().cause();
    }
    try {
      new URI(request.uri());
      return null;
    } catch (URISyntaxException e) {
      return new IllegalArgumentException("not a valid URI: " + e.getMessage(), e);
    }
  }

  private FullHttpResponse described(FullHttpResponse empty, Throwable cause) {
    var status = empty.status();
    String title = status.reasonPhrase();
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("title", title);
    body.put("status", status.code());
    String reason = reason(cause, title);
    body.put("detail", reason);
    body.put("error", title.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "_"));
    body.put("message", reason);
    byte[] bytes = json.writeValueAsString(body).getBytes(StandardCharsets.UTF_8);
    var full =
        new DefaultFullHttpResponse(
            empty.protocolVersion(),
            status,
            Unpooled.wrappedBuffer(bytes),
            empty.headers(),
            empty.trailingHeaders());
    full.headers()
        .set(HttpHeaderNames.CONTENT_TYPE, "application/problem+json")
        .setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length);
    return full;
  }

  /** Netty's reason, without the request's own bytes beyond a bound, and printable. */
  private static String reason(Throwable cause, String title) {
    String message = cause.getMessage();
    if (message == null || message.isBlank()) {
      return title;
    }
    String printable = message.replaceAll("\\p{Cntrl}", " ").strip();
    return printable.length() > MAX_REASON ? printable.substring(0, MAX_REASON) + "…" : printable;
  }
}
