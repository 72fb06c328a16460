package io.streamrag.kit.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class Sha256Test {

  @Test
  void hashesTheUtf8BytesOfTextAsLowercaseHex() {
    // the demo admin token's hash, as kept in the demo configuration
    assertThat(Sha256.hex("dev-admin-token"))
        .isEqualTo("1734d503f6aa6a047c36d113cbad769f719c93784b469b771c4c3e7c63adbefd");
    assertThat(Sha256.hex(""))
        .isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  }

  @Test
  void fieldsAreHashedEachFollowedByAUnitSeparator() {
    assertThat(Sha256.hexOfFields(List.of("a", "bc"))).isEqualTo(Sha256.hex("a\u001fbc\u001f"));
    assertThat(Sha256.hexOfFields(List.of("ab", "c")))
        .isNotEqualTo(Sha256.hexOfFields(List.of("a", "bc")));
  }

  @Test
  void equalHashesAreTheSameAndNullIsNeverTheSame() {
    String hash = Sha256.hex("dev-device-token");

    assertThat(Sha256.sameHex(hash, Sha256.hex("dev-device-token"))).isTrue();
    assertThat(Sha256.sameHex(hash, Sha256.hex("dev-device-tokeN"))).isFalse();
    assertThat(Sha256.sameHex(hash, "")).isFalse();
    assertThat(Sha256.sameHex(null, hash)).isFalse();
    assertThat(Sha256.sameHex(hash, null)).isFalse();
  }
}
