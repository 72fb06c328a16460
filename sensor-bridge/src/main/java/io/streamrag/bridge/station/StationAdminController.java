package io.streamrag.bridge.station;

import io.streamrag.bridge.auth.DeviceRegistry;
import io.streamrag.bridge.auth.Tokens;
import io.streamrag.bridge.validate.InvalidReading;
import io.streamrag.bridge.validate.StationParser;
import io.streamrag.kit.auth.Bearer;
import io.streamrag.kit.text.Sha256;
import io.streamrag.kit.web.Problems;
import io.streamrag.schemas.weather.StationRegistered;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.json.JsonMapper;

/**
 * The station registry's admin API, behind the admin token: register or move a station (its token
 * is generated and shown once for a new station, kept for a known one, or supplied), list them.
 */
@RestController
class StationAdminController {

  private final StationRegistry stations;
  private final DeviceRegistry devices;
  private final StationParser parser;

  StationAdminController(StationRegistry stations, DeviceRegistry devices, JsonMapper json) {
    this.stations = stations;
    this.devices = devices;
    this.parser = new StationParser(json);
  }

  /** {@code PUT /api/stations/{id}} with {@code {lat, lon, elevation_m, name?, time_zone?}}. */
  @PutMapping("/api/stations/{stationId}")
  Mono<ResponseEntity<?>> register(
      @PathVariable String stationId,
      @RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) String authorization,
      @RequestBody(required = false) byte[] body) {
    if (!devices.isAdmin(Bearer.token(authorization))) {
      return Mono.just(unauthorized());
    }
    StationParser.Registration registration;
    try {
      registration = parser.parse(stationId, body == null ? new byte[0] : body);
    } catch (InvalidReading invalid) {
      return Mono.just(
          Problems.response(
              Problems.of(
                  invalid.reason().status(),
                  invalid.reason().code(),
                  invalid.getMessage(),
                  Problems.field(invalid.field()))));
    }
    if (devices.byId(stationId).isPresent()) {
      // one MQTT username namespace: a station named as a device would log in as either
      return Mono.just(
          Problems.response(
              Problems.of(
                  409,
                  "conflict",
                  "'" + stationId + "' is a device's id; a station needs an id of its own",
                  Problems.field("station_id"))));
    }
    var known = stations.byId(stationId);
    String token =
        registration.token() != null
            ? registration.token()
            : known.isPresent() ? null : Tokens.generate();
    String hash = token != null ? Sha256.hex(token) : known.get().getTokenSha256();
    return Mono.fromCallable(() -> stations.register(registration.station(), hash))
        .subscribeOn(Schedulers.boundedElastic())
        .map(
            saved -> {
              var out = json(saved);
              if (token != null && registration.token() == null) {
                out.put("token", token); // shown once: only its hash is kept
              }
              out.put(
                  "mqtt",
                  Map.of(
                      "username", stationId, "topic", "stations/" + stationId + "/observations"));
              return ResponseEntity.status(known.isPresent() ? 200 : 201).body(out);
            });
  }

  @GetMapping("/api/stations")
  ResponseEntity<?> list(
      @RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) String authorization) {
    if (!devices.isAdmin(Bearer.token(authorization))) {
      return unauthorized();
    }
    List<Map<String, Object>> all =
        stations.all().stream()
            .sorted(Comparator.comparing(StationRegistered::getStationId))
            .map(StationAdminController::json)
            .toList();
    return ResponseEntity.ok(all);
  }

  static Map<String, Object> json(StationRegistered s) {
    var out = new LinkedHashMap<String, Object>();
    out.put("station_id", s.getStationId());
    out.put("name", s.getName());
    out.put("lat", s.getLatitude());
    out.put("lon", s.getLongitude());
    out.put("elevation_m", s.getElevationM());
    out.put("time_zone", s.getTimeZone());
    out.put("updated_at", s.getUpdatedAt().toString());
    return out;
  }

  private static ResponseEntity<ProblemDetail> unauthorized() {
    return Problems.response(
        Problems.of(
            401,
            "unauthenticated",
            "registering a station needs Authorization: Bearer <admin token>"
                + " (bridge.admin.token-sha256)"));
  }
}
