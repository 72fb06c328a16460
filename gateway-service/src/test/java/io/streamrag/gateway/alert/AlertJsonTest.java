package io.streamrag.gateway.alert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.gateway.Alerts;
import io.streamrag.gateway.CannedAdvice;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class AlertJsonTest {

  private final JsonMapper json = JsonMapper.builder().build();

  @Test
  void theAdviceIsEmbeddedExactlyAsLlmServiceWroteIt() {
    var alert = Alerts.irrigationNeeded("s-1");
    alert.setAdviceJson("{\"irrigation_needed\":true,\"amount_mm\":12.50,\"big\":1e400}");

    String text = AlertJson.of(alert, json);

    assertThat(text)
        .startsWith("{\"alert_id\":\"" + alert.getAlertId() + "\",\"sensor_uuid\":\"s-1\"")
        .contains("\"kind\":\"irrigation\",\"change\":\"irrigation_needed\"")
        .contains("\"advice\":{\"irrigation_needed\":true,\"amount_mm\":12.50,\"big\":1e400}");
    assertThat(json.readTree(text).get("reasons").propertyNames())
        .containsExactly("ar", "en", "fa");
  }

  @Test
  void theCannedAdviceRoundTrips() {
    var alert = Alerts.irrigationNeeded("s-1");

    assertThat(json.readTree(AlertJson.of(alert, json)).get("advice"))
        .isEqualTo(json.readTree(CannedAdvice.irrigation()));
  }

  @Test
  void anAdviceThatIsNotAJsonObjectIsUnreadable() {
    var alert = Alerts.irrigationNeeded("s-1");
    for (String advice : new String[] {"not json", "[1]", "{\"a\":"}) {
      alert.setAdviceJson(advice);
      assertThatThrownBy(() -> AlertJson.of(alert, json)).isInstanceOf(AlertJson.Unreadable.class);
    }
  }
}
