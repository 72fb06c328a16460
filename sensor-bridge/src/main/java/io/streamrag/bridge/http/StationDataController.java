package io.streamrag.bridge.http;

import io.streamrag.bridge.BridgeProperties;
import io.streamrag.bridge.StationSteps;
import io.streamrag.bridge.auth.Credentials;
import io.streamrag.bridge.auth.DeviceRegistry;
import io.streamrag.bridge.station.StationDays;
import io.streamrag.bridge.station.StationRegistry;
import io.streamrag.kit.auth.Bearer;
import io.streamrag.kit.web.Problems;
import io.streamrag.schemas.weather.StationDay;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * A weather station over HTTP: its observations in (its token or the admin token), and its days as
 * ingest-service folded them, with ET0, out.
 */
@RestController
class StationDataController {

  /** The longest range one read returns. */
  static final int MAX_DAYS = 366;

  private final StationSteps steps;
  private final StationRegistry stations;
  private final StationDays days;
  private final DeviceRegistry devices;
  private final int maxPayloadBytes;

  StationDataController(
      StationSteps steps,
      StationRegistry stations,
      StationDays days,
      DeviceRegistry devices,
      BridgeProperties properties) {
    this.steps = steps;
    this.stations = stations;
    this.days = days;
    this.devices = devices;
    this.maxPayloadBytes = properties.maxPayloadBytes();
  }

  @PostMapping("/api/stations/{stationId}/observations")
  Mono<ResponseEntity<?>> observation(@PathVariable String stationId, ServerHttpRequest request) {
    var credentials = new Credentials.BearerToken(token(request));
    // reading stops past the limit: a larger body is refused unread, never kept whole
    return BoundedBody.read(request.getBody(), maxPayloadBytes)
        .map(
            body ->
                body.complete()
                    ? steps.handle("http", credentials, stationId, body.bytes())
                    : steps.refuseOversized("http", credentials, stationId, body.bytes()))
        .flatMap(Mono::fromFuture)
        .map(SensorDataController::response);
  }

  /**
   * {@code GET /api/stations/{id}/days?from&to}: the station's days, oldest first; without {@code
   * from} and {@code to}, the last 7 days and today in the station's zone.
   */
  @GetMapping("/api/stations/{stationId}/days")
  ResponseEntity<?> days(
      @PathVariable String stationId,
      @RequestParam(required = false) String from,
      @RequestParam(required = false) String to,
      ServerHttpRequest request) {
    // 1. the station itself or the admin
    String token = token(request);
    boolean admin = devices.isAdmin(token);
    if (!admin && !stations.checkPassword(stationId, token)) {
      return Problems.response(
          Problems.of(
              401,
              "unauthenticated",
              "reading a station's days needs Authorization: Bearer <its token or the admin token>"));
    }
    var station = stations.byId(stationId);
    if (station.isEmpty()) {
      return Problems.response(
          Problems.of(
              404,
              "unknown_station",
              "no registered station '" + stationId + "'",
              Problems.field("station_id")));
    }
    // 2. the range, checked
    LocalDate today = LocalDate.now(ZoneId.of(station.get().getTimeZone()));
    LocalDate end;
    LocalDate start;
    try {
      end = to == null ? today : LocalDate.parse(to);
    } catch (DateTimeParseException e) {
      return bad("to", "to must be an ISO-8601 date such as 2026-05-01");
    }
    try {
      start = from == null ? end.minusDays(7) : LocalDate.parse(from);
    } catch (DateTimeParseException e) {
      return bad("from", "from must be an ISO-8601 date such as 2026-05-01");
    }
    if (start.isAfter(end)) {
      return bad("from", "from " + start + " is after to " + end);
    }
    if (ChronoUnit.DAYS.between(start, end) >= MAX_DAYS) {
      return bad("to", "a read covers at most " + MAX_DAYS + " days");
    }
    // 3. the days
    return ResponseEntity.ok(
        days.between(stationId, start, end).stream().map(StationDataController::json).toList());
  }

  static Map<String, Object> json(StationDay d) {
    var out = new LinkedHashMap<String, Object>();
    out.put("date", d.getDate());
    out.put("t_max", d.getTMax());
    out.put("t_min", d.getTMin());
    out.put("rh_max", d.getRhMax());
    out.put("rh_min", d.getRhMin());
    out.put("wind_speed", d.getWindSpeed());
    out.put("solar_radiation_mj", d.getSolarRadiationMj());
    out.put("rain_mm", d.getRainMm());
    out.put("et0_mm", d.getEt0Mm());
    out.put("et0_method", d.getEt0Method());
    out.put("complete", d.getComplete());
    return out;
  }

  private static ResponseEntity<?> bad(String field, String message) {
    return Problems.response(Problems.of(400, "malformed", message, Problems.field(field)));
  }

  private static String token(ServerHttpRequest request) {
    return Bearer.token(request.getHeaders().getFirst(HttpHeaders.AUTHORIZATION));
  }
}
