package io.streamrag.bridge.http;

/** Reads the token of an {@code Authorization: Bearer <token>} header. */
final class Bearer {

  private static final String SCHEME = "bearer ";

  private Bearer() {}

  /** The token, or {@code null} when the header is missing or not a bearer token. */
  static String token(String header) {
    if (header == null || header.length() <= SCHEME.length()) {
      return null;
    }
    if (!header.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
      return null;
    }
    String token = header.substring(SCHEME.length()).trim();
    return token.isEmpty() ? null : token;
  }
}
