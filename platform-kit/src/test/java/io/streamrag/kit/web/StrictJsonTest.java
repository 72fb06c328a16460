package io.streamrag.kit.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

class StrictJsonTest {

  static final String TWICE =
      "{\"ts\":\"2026-11-29T09:59:00Z\",\"soil_moisture\":20,\"soil_moisture\":99}";

  final ApplicationContextRunner service =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(JacksonAutoConfiguration.class, StrictJsonConfiguration.class));

  @Test
  void aServiceThatAsksForStrictJsonRefusesAKeyGivenTwiceAndNamesIt() {
    assertThat(refusedByStrictService(TWICE))
        .isEqualTo(new UnreadableJson("soil_moisture", "duplicate field 'soil_moisture'"));
  }

  @Test
  void aKeyGivenTwiceInANestedObjectIsRefusedToo() {
    assertThat(
            refusedByStrictService("{\"soil\":{\"texture\":\"loam\",\"texture\":\"sand\"}}")
                .field())
        .isEqualTo("texture");
  }

  @Test
  void aServiceThatDoesNotAskKeepsJacksonsLastValueWins() {
    service.run(
        context ->
            assertThat(
                    context.getBean(JsonMapper.class).readTree(TWICE).path("soil_moisture").asInt())
                .isEqualTo(99));
  }

  @Test
  void otherUnreadableJsonNamesNoFieldAndKeepsJacksonsReason() {
    var refused =
        catchThrowableOfType(
            JacksonException.class, () -> new JsonMapper().readTree("{\"ts\": oops"));

    var why = UnreadableJson.of(refused);

    assertThat(why.field()).isNull();
    assertThat(why.message()).startsWith("body is not valid JSON: Unrecognized token 'oops'");
  }

  /** Why the JSON mapper of a service that asks for strict JSON refuses {@code body}. */
  private UnreadableJson refusedByStrictService(String body) {
    var why = new AtomicReference<UnreadableJson>();
    service
        .withPropertyValues("streamrag.json.strict-duplicate-detection=true")
        .run(
            context -> {
              JsonMapper json = context.getBean(JsonMapper.class);
              why.set(
                  UnreadableJson.of(
                      catchThrowableOfType(JacksonException.class, () -> json.readTree(body))));
            });
    return why.get();
  }
}
