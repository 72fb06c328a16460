package io.streamrag.kit.text;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * Lowercase hex SHA-256 of text (its UTF-8 bytes): the only form in which tokens and API keys are
 * kept, and the content hash that tells a changed document or chunk from an unchanged one.
 */
public final class Sha256 {

  private static final byte FIELD_SEPARATOR = 0x1f; // ASCII unit separator

  private Sha256() {}

  /** The hex SHA-256 of {@code text}. */
  public static String hex(String text) {
    MessageDigest sha = digest();
    return HexFormat.of().formatHex(sha.digest(text.getBytes(StandardCharsets.UTF_8)));
  }

  /** The hex SHA-256 of bytes. */
  public static String hex(byte[] bytes) {
    return HexFormat.of().formatHex(digest().digest(bytes));
  }

  /**
   * The hex SHA-256 of several fields, each followed by a unit separator, so that moving text from
   * one field to the next changes the hash.
   */
  public static String hexOfFields(List<String> fields) {
    MessageDigest sha = digest();
    for (String field : fields) {
      sha.update(field.getBytes(StandardCharsets.UTF_8));
      sha.update(FIELD_SEPARATOR);
    }
    return HexFormat.of().formatHex(sha.digest());
  }

  /**
   * True when two hashes are equal, compared in constant time so a caller cannot learn a stored
   * hash by timing; {@code false} when either is {@code null}.
   */
  public static boolean sameHex(String a, String b) {
    return a != null
        && b != null
        && MessageDigest.isEqual(
            a.getBytes(StandardCharsets.US_ASCII), b.getBytes(StandardCharsets.US_ASCII));
  }

  private static MessageDigest digest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }
}
