package io.streamrag.bridge;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.bridge.BridgeSteps.Kind;
import io.streamrag.bridge.BridgeSteps.Outcome;
import io.streamrag.bridge.publish.KeptPayload;
import io.streamrag.bridge.publish.Refusal;
import io.streamrag.bridge.validate.InvalidReading;
import io.streamrag.schemas.sensor.ReadingRejected;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * How the sensor and the station steps refuse a payload: what they keep of it, how they count it
 * ({@value BridgeSteps#REJECTS}, by reason, kind and transport), and which rejects they may replay.
 *
 * @param maxPayloadBytes the largest payload a reject keeps whole
 */
record Refusals(MeterRegistry meters, int maxPayloadBytes) {

  /**
   * The whole payload when an authenticated sender sent it within the size limit; otherwise only
   * its size, hash and first bytes.
   */
  KeptPayload kept(boolean authenticated, byte[] raw) {
    return authenticated && raw.length <= maxPayloadBytes
        ? KeptPayload.whole(raw)
        : KeptPayload.digest(raw);
  }

  /** Why a payload its transport stopped reading at the size limit is refused. */
  InvalidReading tooLarge() {
    return new InvalidReading(
        InvalidReading.Reason.TOO_LARGE,
        null,
        "payload is larger than " + maxPayloadBytes + " bytes, the limit; the body was not kept");
  }

  /** Counts a refusal, keeps it with {@code keep}, and completes once the broker has it. */
  CompletableFuture<Outcome> reject(
      Kind kind, Refusal refusal, Function<Refusal, CompletableFuture<?>> keep) {
    meters
        .counter(
            BridgeSteps.REJECTS,
            "reason",
            refusal.why().reason().code(),
            "kind",
            kind.label(),
            "transport",
            refusal.transport())
        .increment();
    return keep.apply(refusal).thenApply(ack -> new Outcome.Rejected(refusal.why()));
  }

  /**
   * Why a reject cannot be replayed, if it cannot: it was never authenticated, or its bytes were
   * not kept.
   */
  static Optional<String> unreplayable(ReadingRejected reject) {
    if (reject.getReasonCode().equals(InvalidReading.Reason.UNAUTHENTICATED.code())
        || reject.getDeviceId() == null) {
      return Optional.of("skipped_unauthenticated");
    }
    if (reject.getRawSha256() != null) {
      return Optional.of("skipped_not_kept_whole");
    }
    if (reject.getRaw().remaining() == 0) {
      return Optional.of("skipped_no_bytes");
    }
    return Optional.empty();
  }

  /** The bytes a replayable reject kept. */
  static byte[] raw(ReadingRejected reject) {
    byte[] raw = new byte[reject.getRaw().remaining()];
    reject.getRaw().duplicate().get(raw);
    return raw;
  }
}
