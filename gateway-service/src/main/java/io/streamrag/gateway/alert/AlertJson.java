package io.streamrag.gateway.alert;

import io.streamrag.schemas.advice.RecommendationIssued;
import java.util.TreeMap;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.util.RawValue;

/**
 * An alert as clients get it, over SSE and webhooks alike: {@code {alert_id, sensor_uuid, kind,
 * change, advice, reasons: {ar, en, fa}, measured_at, issued_at}}. The advice is embedded exactly
 * as llm-service wrote it (the gateway never touches the numbers), once it is known to be a JSON
 * object.
 */
public final class AlertJson {

  private AlertJson() {}

  /** An alert whose advice is not a JSON object: retrying cannot fix it. */
  public static final class Unreadable extends RuntimeException {
    public Unreadable(String message) {
      super(message);
    }
  }

  /** The alert's JSON, one line. */
  public static String of(RecommendationIssued alert, JsonMapper json) {
    try {
      if (!json.readTree(alert.getAdviceJson()).isObject()) {
        throw new Unreadable("alert " + alert.getAlertId() + ": advice_json is not a JSON object");
      }
    } catch (JacksonException e) {
      throw new Unreadable(
          "alert " + alert.getAlertId() + ": advice_json is not JSON: " + e.getOriginalMessage());
    }
    var node = json.createObjectNode();
    node.put("alert_id", alert.getAlertId());
    node.put("sensor_uuid", alert.getSensorUuid());
    node.put("kind", alert.getKind().name().toLowerCase());
    node.put("change", alert.getChange());
    node.putRawValue("advice", new RawValue(alert.getAdviceJson().strip()));
    node.set("reasons", json.valueToTree(new TreeMap<>(alert.getReasons())));
    node.put("measured_at", alert.getMeasuredAt().toString());
    node.put("issued_at", alert.getIssuedAt().toString());
    return json.writeValueAsString(node);
  }
}
