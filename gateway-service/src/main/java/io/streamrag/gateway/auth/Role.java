package io.streamrag.gateway.auth;

/** What an API key may do beyond its sensors: {@code ADMIN} may also manage keys. */
public enum Role {
  USER,
  ADMIN;

  /** Its name in JSON and configuration: {@code user}, {@code admin}. */
  public String json() {
    return name().toLowerCase();
  }
}
