package io.streamrag.schemas;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.UUID;

/**
 * Deterministic ids (UUID version 5, RFC 4122): the same parts always give the same id, so a replay
 * or a redelivery overwrites instead of duplicating.
 */
public final class Ids {

  /** Namespace of all platform ids (a fixed random UUID). */
  private static final UUID NAMESPACE = UUID.fromString("8d3b2f0e-5c1a-4f7e-9b6d-2a4c6e8f0a1b");

  private Ids() {}

  /** The UUIDv5 of the given parts, joined with a separator that cannot occur in them. */
  public static String of(String... parts) {
    return uuid5(String.join("\u001f", parts)).toString();
  }

  private static UUID uuid5(String name) {
    try {
      var sha1 = MessageDigest.getInstance("SHA-1");
      sha1.update(toBytes(NAMESPACE));
      byte[] hash = sha1.digest(name.getBytes(StandardCharsets.UTF_8));
      hash[6] = (byte) ((hash[6] & 0x0f) | 0x50);
      hash[8] = (byte) ((hash[8] & 0x3f) | 0x80);
      long msb = 0;
      long lsb = 0;
      for (int i = 0; i < 8; i++) {
        msb = (msb << 8) | (hash[i] & 0xff);
        lsb = (lsb << 8) | (hash[i + 8] & 0xff);
      }
      return new UUID(msb, lsb);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-1 is part of every JDK", e);
    }
  }

  private static byte[] toBytes(UUID uuid) {
    byte[] out = new byte[16];
    long msb = uuid.getMostSignificantBits();
    long lsb = uuid.getLeastSignificantBits();
    for (int i = 0; i < 8; i++) {
      out[i] = (byte) (msb >>> (56 - 8 * i));
      out[i + 8] = (byte) (lsb >>> (56 - 8 * i));
    }
    return out;
  }
}
