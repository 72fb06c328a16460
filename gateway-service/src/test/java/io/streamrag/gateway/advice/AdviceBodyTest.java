package io.streamrag.gateway.advice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.gateway.web.Refused;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class AdviceBodyTest {

  static final String SENSOR = "550E8400-E29B-41D4-A716-446655440000";

  @Test
  void aCompleteBodyIsReadWithTheSensorInLowerCase() {
    var body =
        parse(
            "{\"sensor_uuid\":\""
                + SENSOR
                + "\",\"query\":\" آبیاری؟ \",\"crop\":\"گندم\",\"pipeline\":\"croplogic\"}");

    assertThat(body)
        .isEqualTo(new AdviceBody(SENSOR.toLowerCase(), "آبیاری؟", "گندم", "croplogic"));
  }

  @Test
  void aBlankQueryAndANullCropAreLeftOut() {
    var body = parse("{\"sensor_uuid\":\"" + SENSOR + "\",\"query\":\"  \",\"crop\":null}");

    assertThat(body.query()).isNull();
    assertThat(body.crop()).isNull();
  }

  @Test
  void cropNamesInAnyScriptAreShortNames() {
    for (String crop : new String[] {"maize", "winter wheat", "گوجه‌فرنگی", "ذرة", "sugar-beet"}) {
      assertThat(parse("{\"sensor_uuid\":\"" + SENSOR + "\",\"crop\":\"" + crop + "\"}").crop())
          .isEqualTo(crop);
    }
  }

  @Test
  void aCropThatIsNotAShortNameIsRefusedNamingTheField() {
    for (String crop : new String[] {"1maize", "maize; drop", "m".repeat(41), "<b>"}) {
      assertRefused("{\"sensor_uuid\":\"" + SENSOR + "\",\"crop\":\"" + crop + "\"}", "crop");
    }
  }

  @Test
  void aQueryOverTheLimitIsRefusedNamingTheField() {
    assertRefused(
        "{\"sensor_uuid\":\"" + SENSOR + "\",\"query\":\"" + "a".repeat(21) + "\"}", "query");
  }

  @Test
  void aMissingOrMalformedSensorIsRefusedNamingTheField() {
    assertRefused("{}", "sensor_uuid");
    assertRefused("{\"sensor_uuid\":\"550e8400\"}", "sensor_uuid");
    assertRefused("{\"sensor_uuid\":42}", "sensor_uuid");
  }

  @Test
  void invalidJsonIsRefused() {
    assertThatThrownBy(() -> parse("[1,2]"))
        .isInstanceOfSatisfying(
            Refused.class, e -> assertThat(e.refusal().code()).isEqualTo("invalid_json"));
    assertThatThrownBy(() -> parse(""))
        .isInstanceOfSatisfying(
            Refused.class, e -> assertThat(e.refusal().code()).isEqualTo("invalid_json"));
  }

  private static void assertRefused(String json, String field) {
    assertThatThrownBy(() -> parse(json))
        .isInstanceOfSatisfying(
            Refused.class,
            e -> {
              assertThat(e.refusal().status()).isEqualTo(400);
              assertThat(e.refusal().field()).isEqualTo(field);
            });
  }

  private static AdviceBody parse(String json) {
    return AdviceBody.parse(json.getBytes(StandardCharsets.UTF_8), new JsonMapper(), 20);
  }
}
