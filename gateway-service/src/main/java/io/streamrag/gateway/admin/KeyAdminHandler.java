package io.streamrag.gateway.admin;

import io.streamrag.gateway.auth.Authenticated;
import io.streamrag.gateway.auth.Caller;
import io.streamrag.gateway.web.Bodies;
import io.streamrag.gateway.web.OffLoop;
import io.streamrag.gateway.web.Refusals;
import io.streamrag.gateway.web.Refused;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /admin/keys}: issue, list, show, rotate and revoke API keys, for keys of role admin only
 * ({@code 401} without a known key, {@code 403} with a user key). A new or rotated key is in its
 * response once ({@code Cache-Control: no-store}); nothing shows a key or its hash again.
 */
final class KeyAdminHandler {

  private static final int MAX_BODY_BYTES = 64 * 1024;

  private final KeyIssuer issuer;
  private final JsonMapper json;

  KeyAdminHandler(KeyIssuer issuer, JsonMapper json) {
    this.issuer = issuer;
    this.json = json;
  }

  /** {@code POST /admin/keys} {@code {user, tenant?, sensors, pipelines?, role?}}: 201. */
  Mono<ServerResponse> issue(ServerRequest request) {
    return asAdmin(
        request,
        admin ->
            Bodies.read(request, MAX_BODY_BYTES)
                .map(body -> NewKeyBody.parse(body, json))
                .flatMap(body -> OffLoop.call(() -> issuer.issue(body, admin)))
                .flatMap(
                    issued ->
                        secret(
                            ServerResponse.created(
                                URI.create("/admin/keys/" + issued.key().getKeyId())),
                            issued)));
  }

  /** {@code GET /admin/keys}: {@code {keys: [...]}}, revoked ones included. */
  Mono<ServerResponse> list(ServerRequest request) {
    return asAdmin(
        request,
        admin ->
            OffLoop.call(issuer::list)
                .flatMap(
                    all -> ok().bodyValue(Map.of("keys", all.stream().map(KeyJson::of).toList()))));
  }

  /** {@code GET /admin/keys/{id}}. */
  Mono<ServerResponse> show(ServerRequest request) {
    String id = request.pathVariable("id");
    return asAdmin(
        request,
        admin ->
            OffLoop.call(() -> issuer.find(id))
                .flatMap(
                    key ->
                        key.map(k -> ok().bodyValue(KeyJson.of(k))).orElseGet(() -> notFound(id))));
  }

  /** {@code POST /admin/keys/{id}/rotate} {@code {grace_seconds?}}: a new key, same identity. */
  Mono<ServerResponse> rotate(ServerRequest request) {
    String id = request.pathVariable("id");
    return asAdmin(
        request,
        admin ->
            Bodies.read(request, MAX_BODY_BYTES)
                .map(body -> RotateBody.parse(body, json))
                .flatMap(body -> OffLoop.call(() -> issuer.rotate(id, body.grace(), admin)))
                .flatMap(issued -> secret(ServerResponse.ok(), issued)));
  }

  /** {@code POST /admin/keys/{id}/revoke}: refused everywhere from now on; listed as revoked. */
  Mono<ServerResponse> revoke(ServerRequest request) {
    String id = request.pathVariable("id");
    return asAdmin(
        request,
        admin ->
            OffLoop.call(() -> issuer.revoke(id, admin))
                .flatMap(key -> ok().bodyValue(KeyJson.of(key))));
  }

  /** 1. a known key, else 401; 2. of role admin, else 403; 3. the work, its refusals as HTTP. */
  private Mono<ServerResponse> asAdmin(
      ServerRequest request, Function<Caller, Mono<ServerResponse>> work) {
    var who = Authenticated.of(request);
    Optional<Caller> caller = who.caller();
    if (caller.isEmpty()) {
      return Refusals.respond(Refusals.unauthorized(who.token()));
    }
    if (!caller.get().isAdmin()) {
      return Refusals.respond(403, "forbidden_role", "only a key of role admin may manage keys");
    }
    return work.apply(caller.get())
        .onErrorResume(Refused.class, e -> Refusals.respond(e.refusal()));
  }

  private static Mono<ServerResponse> secret(
      ServerResponse.BodyBuilder response, KeyIssuer.Issued issued) {
    return response
        .contentType(MediaType.APPLICATION_JSON)
        .header(HttpHeaders.CACHE_CONTROL, "no-store")
        .bodyValue(KeyJson.withSecret(issued.key(), issued.secret()));
  }

  private static ServerResponse.BodyBuilder ok() {
    return ServerResponse.ok().contentType(MediaType.APPLICATION_JSON);
  }

  private static Mono<ServerResponse> notFound(String id) {
    return Refusals.respond(404, "key_not_found", "no issued key has the id " + id);
  }
}
