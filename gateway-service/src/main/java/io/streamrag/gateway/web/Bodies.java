package io.streamrag.gateway.web;

import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.web.reactive.function.server.ServerRequest;
import reactor.core.publisher.Mono;

/** Reads a request body whole, without blocking, and refuses one over a limit with 413. */
public final class Bodies {

  private Bodies() {}

  /** The body's bytes (empty when there is none), or a {@link Refused} 413. */
  public static Mono<byte[]> read(ServerRequest request, int maxBytes) {
    return DataBufferUtils.join(request.exchange().getRequest().getBody(), maxBytes)
        .map(
            buffer -> {
              try {
                byte[] bytes = new byte[buffer.readableByteCount()];
                buffer.read(bytes);
                return bytes;
              } finally {
                DataBufferUtils.release(buffer);
              }
            })
        .defaultIfEmpty(new byte[0])
        .onErrorMap(
            DataBufferLimitException.class,
            e ->
                new Refused(
                    413,
                    "body_too_large",
                    "request body is larger than " + maxBytes + " bytes",
                    null));
  }
}
