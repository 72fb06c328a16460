package io.streamrag.gateway.admin;

import java.util.Map;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/** The key admin API of one replica, called with one admin key; each call checks its status. */
final class KeyAdminClient {

  static final ParameterizedTypeReference<Map<String, Object>> JSON =
      new ParameterizedTypeReference<>() {};

  private final WebTestClient http;
  private final String adminKey;

  KeyAdminClient(WebTestClient http, String adminKey) {
    this.http = http;
    this.adminKey = adminKey;
  }

  /** {@code POST /admin/keys}: 201, not to be cached; the key and its identity. */
  Map<String, Object> issue(String body) {
    return http.post()
        .uri("/admin/keys")
        .header("Authorization", "Bearer " + adminKey)
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(body)
        .exchange()
        .expectStatus()
        .isCreated()
        .expectHeader()
        .valueEquals("Cache-Control", "no-store")
        .expectBody(JSON)
        .returnResult()
        .getResponseBody();
  }

  /** A user key that owns {@code sensor}. */
  Map<String, Object> issueUser(String user, String sensor) {
    return issue("{\"user\":\"" + user + "\",\"sensors\":[\"" + sensor + "\"]}");
  }

  /** {@code POST /admin/keys/{id}/rotate}: 200, the new key. */
  Map<String, Object> rotate(String id, String body) {
    return http.post()
        .uri("/admin/keys/" + id + "/rotate")
        .header("Authorization", "Bearer " + adminKey)
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(body)
        .exchange()
        .expectStatus()
        .isOk()
        .expectBody(JSON)
        .returnResult()
        .getResponseBody();
  }

  /** {@code POST /admin/keys/{id}/revoke}: 200, listed as revoked. */
  void revoke(String id) {
    http.post()
        .uri("/admin/keys/" + id + "/revoke")
        .header("Authorization", "Bearer " + adminKey)
        .exchange()
        .expectStatus()
        .isOk()
        .expectBody()
        .jsonPath("$.revoked")
        .isEqualTo(true);
  }

  /** {@code GET} of an admin path with this client's key, for the caller to check. */
  WebTestClient.ResponseSpec get(String path) {
    return http.get().uri(path).header("Authorization", "Bearer " + adminKey).exchange();
  }

  /** {@code POST} of a JSON body to an admin path with this client's key. */
  WebTestClient.ResponseSpec post(String path, String body) {
    return http.post()
        .uri(path)
        .header("Authorization", "Bearer " + adminKey)
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(body)
        .exchange();
  }

  static String text(Map<String, Object> json, String field) {
    return String.valueOf(json.get(field));
  }
}
