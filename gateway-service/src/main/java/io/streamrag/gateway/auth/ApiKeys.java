package io.streamrag.gateway.auth;

import io.streamrag.gateway.GatewayProperties;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/** Resolves an API key to its caller. Keys are held only as SHA-256 hashes. */
@Component
public class ApiKeys {

  private final Map<String, Caller> byHash;

  ApiKeys(GatewayProperties properties) {
    this.byHash =
        properties.apiKeys().stream()
            .collect(
                Collectors.toMap(
                    GatewayProperties.ApiKey::keySha256,
                    k ->
                        new Caller(
                            k.user(),
                            Set.copyOf(k.sensors()),
                            k.pipelines() == null || k.pipelines().isEmpty()
                                ? List.of(properties.chat().pipeline())
                                : List.copyOf(k.pipelines()))));
  }

  /** The caller behind a bearer token, if the token is a known key. */
  public Optional<Caller> authenticate(String token) {
    if (token == null || token.isBlank()) {
      return Optional.empty();
    }
    return Optional.ofNullable(byHash.get(sha256(token)));
  }

  /** The token of an {@code Authorization: Bearer <token>} header, else {@code null}. */
  public static String bearer(String header) {
    if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return null;
    }
    String token = header.substring(7).trim();
    return token.isEmpty() ? null : token;
  }

  /** Hex SHA-256 of a key, the form kept in configuration. */
  public static String sha256(String key) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }
}
