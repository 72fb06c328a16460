package io.streamrag.kit.testing;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/** What every service's refusal must look like: the status, a problem detail, its error code. */
public final class Problems {

  private Problems() {}

  /**
   * Asserts the response is {@code status} with an {@code application/problem+json} body whose
   * {@code error} is {@code error}; the body's other fields are the caller's to check.
   */
  public static WebTestClient.BodyContentSpec refused(
      WebTestClient.ResponseSpec response, HttpStatus status, String error) {
    return response
        .expectStatus()
        .isEqualTo(status)
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.error")
        .isEqualTo(error);
  }

  /** Asserts a 401 that asks for a bearer token, with {@code error} as its error code. */
  public static WebTestClient.BodyContentSpec unauthenticated(
      WebTestClient.ResponseSpec response, String error) {
    return response
        .expectStatus()
        .isUnauthorized()
        .expectHeader()
        .valueEquals("WWW-Authenticate", "Bearer")
        .expectBody()
        .jsonPath("$.error")
        .isEqualTo(error);
  }

  /**
   * Asserts a 429 that says how long to wait ({@code Retry-After}), with error {@code
   * rate_limited}.
   */
  public static WebTestClient.BodyContentSpec rateLimited(WebTestClient.ResponseSpec response) {
    return response
        .expectStatus()
        .isEqualTo(HttpStatus.TOO_MANY_REQUESTS)
        .expectHeader()
        .exists("Retry-After")
        .expectBody()
        .jsonPath("$.error")
        .isEqualTo("rate_limited");
  }
}
