package io.streamrag.gateway.auth;

import io.streamrag.gateway.GatewayProperties;
import io.streamrag.kit.text.Sha256;
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
    return Optional.ofNullable(byHash.get(Sha256.hex(token)));
  }
}
