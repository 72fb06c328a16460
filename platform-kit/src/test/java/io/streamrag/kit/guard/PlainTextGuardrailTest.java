package io.streamrag.kit.guard;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PlainTextGuardrailTest {

  final PlainTextGuardrail guard = new PlainTextGuardrail();

  @Test
  void aNulOrAnotherControlCharacterIsRefusedNamingItAndWhere() {
    assertThat(guard.check("hi\u0000there"))
        .hasValueSatisfying(
            r -> {
              assertThat(r.status()).isEqualTo(400);
              assertThat(r.code()).isEqualTo("invalid_characters");
              assertThat(r.field()).isEqualTo("message");
              assertThat(r.message()).contains("U+0000").contains("character 3");
            });
    assertThat(guard.check("bell\u0007")).isPresent();
    assertThat(guard.check("c1 \u0085 control")).isPresent();
  }

  @Test
  void halfASurrogatePairIsRefused() {
    assertThat(guard.check("lone \ud800 high"))
        .hasValueSatisfying(r -> assertThat(r.message()).contains("U+D800"));
    assertThat(guard.check("lone \udc00 low")).isPresent();
  }

  @Test
  void farmersTextInAnyScriptWithLineBreaksAndEmojiPasses() {
    assertThat(guard.check("رطوبت خاک من\u200cچقدر است؟\n\tAnd ET0? 🌱 ذرة")).isEmpty();
    assertThat(guard.check("line one\r\nline two")).isEmpty();
  }
}
