package io.streamrag.bridge.admin;

import io.streamrag.bridge.auth.DeviceRegistry;
import io.streamrag.bridge.auth.Tokens;
import io.streamrag.bridge.station.StationRegistry;
import io.streamrag.kit.web.Problems;
import io.streamrag.kit.web.UnreadableJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The device registry's admin API, behind the admin token: register a device with the sensors it
 * may publish for (its token is generated and shown once, or supplied), list devices, remove one.
 */
@RestController
class DeviceAdminController {

  private static final Pattern DEVICE_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");
  private static final int MIN_TOKEN_LENGTH = 24;

  private final DeviceRegistry registry;
  private final StationRegistry stations;
  private final JsonMapper json;

  DeviceAdminController(DeviceRegistry registry, StationRegistry stations, JsonMapper json) {
    this.registry = registry;
    this.stations = stations;
    this.json = json;
  }

  /** {@code PUT /admin/devices/{id}} with {@code {sensors: [...], token?}}. */
  @PutMapping("/admin/devices/{deviceId}")
  Mono<ResponseEntity<?>> register(
      @PathVariable String deviceId, @RequestBody(required = false) byte[] body) {
    if (!DEVICE_ID.matcher(deviceId).matches()) {
      return Mono.just(bad("device_id", "device id must be 1-64 letters, digits, '.', '_' or '-'"));
    }
    if (stations.byId(deviceId).isPresent()) {
      // one MQTT username namespace: a device named as a station would log in as either
      return Mono.just(
          Problems.response(
              Problems.of(
                  409,
                  "conflict",
                  "'" + deviceId + "' is a weather station's id; a device needs an id of its own",
                  Problems.field("device_id"))));
    }
    JsonNode root = UnreadableJson.read(json, body, Malformed::new);
    if (root == null
        || !root.isObject()
        || !root.path("sensors").isArray()
        || root.path("sensors").isEmpty()) {
      return Mono.just(
          bad(
              "sensors",
              "body must be {\"sensors\": [\"<sensor uuid>\", ...], \"token\"?: \"...\"}"));
    }
    var sensors = new ArrayList<String>();
    for (JsonNode s : root.get("sensors")) {
      if (!s.isString() || !isUuid(s.asString())) {
        return Mono.just(bad("sensors", "every sensor must be a UUID, got " + s));
      }
      sensors.add(s.asString().toLowerCase());
    }
    JsonNode given = root.get("token");
    if (given != null && (!given.isString() || given.asString().length() < MIN_TOKEN_LENGTH)) {
      return Mono.just(
          bad(
              "token",
              "a supplied token must be a string of at least " + MIN_TOKEN_LENGTH + " characters"));
    }
    String token = given == null ? Tokens.generate() : given.asString();
    return Mono.fromRunnable(() -> registry.register(deviceId, token, sensors))
        .subscribeOn(Schedulers.boundedElastic())
        .then(
            Mono.fromSupplier(
                () -> {
                  var out = new LinkedHashMap<String, Object>();
                  out.put("device_id", deviceId);
                  out.put("sensors", sensors);
                  if (given == null) {
                    out.put("token", token); // shown once: only its hash is kept
                  }
                  out.put(
                      "mqtt",
                      Map.of("username", deviceId, "topic", "sensors/{sensor_uuid}/readings"));
                  return ResponseEntity.ok(out);
                }));
  }

  @GetMapping("/admin/devices")
  ResponseEntity<?> list() {
    List<Map<String, Object>> devices =
        registry.registered().stream()
            .map(
                d ->
                    Map.<String, Object>of(
                        "device_id",
                        d.getDeviceId(),
                        "sensors",
                        d.getSensors(),
                        "updated_at",
                        d.getUpdatedAt().toString()))
            .toList();
    return ResponseEntity.ok(devices);
  }

  @DeleteMapping("/admin/devices/{deviceId}")
  Mono<ResponseEntity<?>> remove(@PathVariable String deviceId) {
    return Mono.fromCallable(() -> registry.remove(deviceId))
        .subscribeOn(Schedulers.boundedElastic())
        .map(
            removed ->
                removed
                    ? ResponseEntity.noContent().build()
                    : Problems.response(
                        Problems.of(404, "not_found", "no registered device '" + deviceId + "'")));
  }

  private static ResponseEntity<ProblemDetail> bad(String field, String message) {
    return new Malformed(field, message).response();
  }

  private static boolean isUuid(String s) {
    try {
      return UUID.fromString(s).toString().equalsIgnoreCase(s);
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
