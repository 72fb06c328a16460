package io.streamrag.kit.auth;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BearerTest {

  @Test
  void readsTheTokenOfABearerHeader() {
    assertThat(Bearer.token("Bearer dev-farmer-key")).isEqualTo("dev-farmer-key");
  }

  @Test
  void matchesTheSchemeIgnoringCaseAndTrimsTheToken() {
    assertThat(Bearer.token("bearer   abc  ")).isEqualTo("abc");
    assertThat(Bearer.token("BEARER abc")).isEqualTo("abc");
  }

  @Test
  void aMissingHeaderAnotherSchemeOrNoTokenGiveNoToken() {
    assertThat(Bearer.token(null)).isNull();
    assertThat(Bearer.token("Basic dXNlcjpwYXNz")).isNull();
    assertThat(Bearer.token("Bearer")).isNull();
    assertThat(Bearer.token("Bearer    ")).isNull();
    assertThat(Bearer.token("Bearerabc")).isNull();
  }
}
