package io.streamrag.gateway.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.streamrag.gateway.auth.Role;
import io.streamrag.gateway.web.Refused;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class NewKeyBodyTest {

  final JsonMapper json = JsonMapper.builder().build();

  NewKeyBody parse(String body) {
    return NewKeyBody.parse(body.getBytes(StandardCharsets.UTF_8), json);
  }

  Refused refusal(String body) {
    return catchThrowableOfType(Refused.class, () -> parse(body));
  }

  @Test
  void aUserKeyNeedsOnlyAUserAndASensor() {
    var body =
        parse("{\"user\":\"farmer\",\"sensors\":[\"550E8400-E29B-41D4-A716-446655440000\"]}");

    assertThat(body)
        .isEqualTo(
            new NewKeyBody(
                "farmer",
                "farmer",
                List.of("550e8400-e29b-41d4-a716-446655440000"),
                List.of(),
                Role.USER));
  }

  @Test
  void anAdminKeyMayHaveNoSensor() {
    assertThat(parse("{\"user\":\"ops\",\"tenant\":\"coop\",\"role\":\"admin\"}").role())
        .isEqualTo(Role.ADMIN);
  }

  @Test
  void aMalformedOrUnknownFieldIsRefusedByName() {
    assertThat(refusal("{\"user\":\"f\",\"sensor\":[]}").refusal().field()).isEqualTo("sensor");
    assertThat(refusal("{\"user\":\"f\"}").refusal().field()).isEqualTo("sensors");
    assertThat(refusal("{\"sensors\":[]}").refusal().field()).isEqualTo("user");
    assertThat(refusal("{\"user\":\"f\",\"sensors\":[\"not-a-uuid\"]}").refusal().field())
        .isEqualTo("sensors");
    assertThat(refusal("{\"user\":\"f\",\"role\":\"root\"}").refusal().field()).isEqualTo("role");
    assertThat(
            refusal("{\"user\":\"f\",\"role\":\"admin\",\"pipelines\":[\"../x\"]}")
                .refusal()
                .field())
        .isEqualTo("pipelines");
    assertThat(refusal("[1]").refusal().code()).isEqualTo("invalid_json");
  }
}
