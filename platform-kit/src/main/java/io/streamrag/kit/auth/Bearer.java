package io.streamrag.kit.auth;

/**
 * Reads the token of an {@code Authorization: Bearer <token>} header, as every service takes it.
 */
public final class Bearer {

  private static final String SCHEME = "Bearer ";

  private Bearer() {}

  /**
   * The token, trimmed; {@code null} when the header is missing, names another scheme, or carries
   * no token. The scheme's name is matched ignoring case.
   */
  public static String token(String header) {
    if (header == null || !header.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
      return null;
    }
    String token = header.substring(SCHEME.length()).trim();
    return token.isEmpty() ? null : token;
  }
}
