package io.streamrag.bridge.publish;

import io.streamrag.kit.text.Sha256;
import java.util.Arrays;

/**
 * What a reject keeps of its payload: the whole of it, or, for a payload nobody vouched for or one
 * over the size limit, only its size, its SHA-256 and its first {@value #PREFIX_BYTES} bytes.
 * Rejects are kept for weeks: a sender without a token, or with a body larger than any reading,
 * must not be able to fill the broker's disk with them.
 *
 * @param raw the bytes kept
 * @param size the bytes received, when {@code raw} is not all of them; else null
 * @param sha256 hex SHA-256 of the {@code size} bytes received, when not kept whole; else null
 */
public record KeptPayload(byte[] raw, Long size, String sha256) {

  /** How much of a payload not kept whole is kept: enough to recognise what sent it. */
  public static final int PREFIX_BYTES = 64;

  /** The whole payload, kept for a replay after a fix. */
  public static KeptPayload whole(byte[] raw) {
    return new KeptPayload(raw, null, null);
  }

  /** Only the size, hash and first bytes of what was received. */
  public static KeptPayload digest(byte[] received) {
    return new KeptPayload(
        Arrays.copyOf(received, Math.min(PREFIX_BYTES, received.length)),
        (long) received.length,
        Sha256.hex(received));
  }

  /** True when {@link #raw} is the whole payload. */
  public boolean isWhole() {
    return sha256 == null;
  }
}
