package io.streamrag.bridge.http;

import java.io.ByteArrayOutputStream;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A request body read up to a limit: reading stops one byte past it, so an oversized body costs the
 * bridge at most the limit in memory, whatever its length.
 *
 * @param bytes the body, or the bytes read before reading stopped
 * @param complete true when {@code bytes} is the whole body
 */
record BoundedBody(byte[] bytes, boolean complete) {

  static Mono<BoundedBody> read(Flux<DataBuffer> body, int limit) {
    return Mono.defer(
        () -> {
          var out = new ByteArrayOutputStream();
          return body.map(buffer -> append(out, buffer, limit + 1))
              .takeUntil(size -> size > limit)
              .doOnDiscard(DataBuffer.class, DataBufferUtils::release)
              .then(
                  Mono.fromSupplier(() -> new BoundedBody(out.toByteArray(), out.size() <= limit)));
        });
  }

  /** Copies at most up to {@code cap} bytes in all, releases the buffer, returns the size read. */
  private static int append(ByteArrayOutputStream out, DataBuffer buffer, int cap) {
    try {
      int n = Math.min(buffer.readableByteCount(), cap - out.size());
      byte[] bytes = new byte[n];
      buffer.read(bytes);
      out.write(bytes, 0, n);
      return out.size();
    } finally {
      DataBufferUtils.release(buffer);
    }
  }
}
