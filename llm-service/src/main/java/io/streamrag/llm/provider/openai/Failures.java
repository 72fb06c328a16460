package io.streamrag.llm.provider.openai;

import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.util.concurrent.CompletionException;

/** Short, readable reasons for the transport failures of the JDK HTTP client. */
final class Failures {

  private Failures() {}

  static String describe(Throwable error) {
    Throwable e = error;
    while (e instanceof CompletionException && e.getCause() != null) {
      e = e.getCause();
    }
    if (e instanceof HttpConnectTimeoutException) {
      return "connect timeout";
    }
    if (e instanceof ConnectException) {
      return "unreachable: " + (e.getMessage() == null ? "connection refused" : e.getMessage());
    }
    String message = e.getMessage() == null ? "" : ": " + e.getMessage();
    return "connection failed (" + e.getClass().getSimpleName() + message + ")";
  }
}
