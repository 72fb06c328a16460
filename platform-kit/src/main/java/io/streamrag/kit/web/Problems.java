package io.streamrag.kit.web;

import io.streamrag.kit.guard.Refusal;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;

/**
 * Error bodies as RFC 9457 problem details ({@code application/problem+json}) that keep the
 * services' own vocabulary: {@code error} (a stable code), {@code message} (for the caller) and
 * extras such as {@code field}, beside the standard {@code type}, {@code title}, {@code status} and
 * {@code detail} (the message again). Written flat by the services' Jackson mapper, so a client
 * that reads {@code error} and {@code message} reads them as before.
 */
public final class Problems {

  private Problems() {}

  /** The problem of {@code status}, with its code and message. */
  public static ProblemDetail of(int status, String error, String message) {
    return of(status, error, message, Map.of());
  }

  /** The problem of {@code status}, with its code, message and extras (null values left out). */
  public static ProblemDetail of(int status, String error, String message, Map<String, ?> extras) {
    ProblemDetail problem =
        ProblemDetail.forStatusAndDetail(HttpStatusCode.valueOf(status), message);
    problem.setProperty("error", error);
    problem.setProperty("message", message);
    extras.forEach(
        (name, value) -> {
          if (value != null) {
            problem.setProperty(name, value);
          }
        });
    return problem;
  }

  /** A refusal's problem: its status, code, message and, when it names one, its field. */
  public static ProblemDetail of(Refusal refusal) {
    return of(refusal.status(), refusal.code(), refusal.message(), field(refusal.field()));
  }

  /** The extra naming the input at fault, {@code field}; nothing when there is none. */
  public static Map<String, Object> field(String field) {
    return field == null ? Map.of() : Map.of("field", field);
  }

  /**
   * The problem as a response: its status, {@code application/problem+json}, and on 401 {@code
   * WWW-Authenticate: Bearer}, the only scheme the services take.
   */
  public static ResponseEntity<ProblemDetail> response(ProblemDetail problem) {
    var response =
        ResponseEntity.status(problem.getStatus()).contentType(MediaType.APPLICATION_PROBLEM_JSON);
    if (problem.getStatus() == 401) {
      response.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
    }
    return response.body(problem);
  }
}
