package io.streamrag.bridge;

import static io.streamrag.bridge.validate.InvalidReading.Reason.FORBIDDEN_STATION;
import static io.streamrag.bridge.validate.InvalidReading.Reason.UNKNOWN_STATION;

import io.streamrag.bridge.BridgeSteps.Kind;
import io.streamrag.bridge.BridgeSteps.Outcome;
import io.streamrag.bridge.auth.Credentials;
import io.streamrag.bridge.auth.DeviceRegistry;
import io.streamrag.bridge.publish.BridgeWriter;
import io.streamrag.bridge.publish.KeptPayload;
import io.streamrag.bridge.publish.Refusal;
import io.streamrag.bridge.station.StationRegistry;
import io.streamrag.bridge.validate.InvalidReading;
import io.streamrag.bridge.validate.ObservationParser;
import io.streamrag.schemas.sensor.ReadingRejected;
import io.streamrag.schemas.weather.StationRegistered;
import io.streamrag.schemas.weather.WeatherObserved;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.concurrent.CompletableFuture;
import org.springframework.stereotype.Component;

/**
 * What happens to a weather station's observation, whatever the transport (HTTP, MQTT, the
 * Open-Meteo poller). The future completes once the broker has the observation or its reject. Every
 * refusal is kept with its reason and counted ({@value BridgeSteps#REJECTS}, kind {@code
 * observation}): whole when an authenticated sender's payload was within the size limit, otherwise
 * only its size, hash and first bytes ({@link KeptPayload}), as for sensors.
 */
@Component
public class StationSteps {

  private final StationRegistry stations;
  private final DeviceRegistry devices;
  private final ObservationParser parser;
  private final BridgeWriter writer;
  private final Refusals refusals;
  private final Clock clock;

  StationSteps(
      StationRegistry stations,
      DeviceRegistry devices,
      ObservationParser parser,
      BridgeWriter writer,
      Refusals refusals,
      Clock clock) {
    this.stations = stations;
    this.devices = devices;
    this.parser = parser;
    this.writer = writer;
    this.refusals = refusals;
    this.clock = clock;
  }

  /**
   * Accepts or refuses one observation.
   *
   * @param transport {@code http}, {@code mqtt} or {@code open-meteo}
   * @param stationId the station named by the URL or the MQTT topic
   */
  public CompletableFuture<Outcome> handle(
      String transport, Credentials credentials, String stationId, byte[] raw) {
    Instant received = clock.instant();
    String who = null;
    try {
      // 1. who sent it: the station itself, the admin, or a source the bridge trusts
      who = authenticate(credentials);
      // 2. it writes for its own station only, and the station is registered
      var station = authorize(who, credentials, stationId);
      // 3. parse and validate shape, units, physical ranges and time (a date is the station's);
      // 4. publish, keyed by station
      return publish(station, raw, received, transport)
          .thenApply(o -> new Outcome.Accepted(Kind.OBSERVATION, o.getEventId()));
    } catch (InvalidReading invalid) {
      // 5. or keep it with its reason; an unauthenticated one only as its size, hash and prefix
      var kept = refusals.kept(who != null, raw);
      return reject(stationId, new Refusal(transport, who, kept, invalid, received));
    }
  }

  /**
   * Refuses an observation whose transport stopped reading it at the size limit: the reject keeps
   * the size, hash and first bytes of what was read, never the body.
   *
   * @param read the bytes read before reading stopped
   */
  public CompletableFuture<Outcome> refuseOversized(
      String transport, Credentials credentials, String stationId, byte[] read) {
    String who;
    try {
      who = authenticate(credentials);
    } catch (InvalidReading unauthenticated) {
      who = null;
    }
    var kept = KeptPayload.digest(read);
    return reject(
        stationId, new Refusal(transport, who, kept, refusals.tooLarge(), clock.instant()));
  }

  private CompletableFuture<Outcome> reject(String stationId, Refusal refusal) {
    return refusals.reject(Kind.OBSERVATION, refusal, r -> writer.rejectObservation(stationId, r));
  }

  /**
   * Sends a refused observation through steps 2 to 4 again, with its original arrival time: the
   * station must still be registered. A payload refused again is not recorded again.
   *
   * @return {@code accepted}, {@code still_<reason>} or {@code skipped_<why>}
   */
  public CompletableFuture<String> replay(ReadingRejected reject) {
    var skipped = Refusals.unreplayable(reject);
    if (skipped.isPresent()) {
      return CompletableFuture.completedFuture(skipped.get());
    }
    byte[] raw = Refusals.raw(reject);
    try {
      var station = registered(reject.getStationId());
      return publish(station, raw, reject.getReceivedAt(), reject.getTransport())
          .thenApply(o -> "accepted");
    } catch (InvalidReading still) {
      return CompletableFuture.completedFuture("still_" + still.reason().code());
    }
  }

  private String authenticate(Credentials credentials) {
    if (credentials instanceof Credentials.BearerToken t) {
      if (devices.isAdmin(t.token())) {
        return "admin";
      }
      return stations
          .byToken(t.token())
          .map(StationRegistered::getStationId)
          .orElseThrow(() -> t.refused("station"));
    }
    if (credentials instanceof Credentials.ConnectedDevice c) {
      return c.deviceId(); // the embedded broker checked its password when it connected
    }
    if (credentials instanceof Credentials.ExternalBroker b) {
      return "mqtt:" + b.name();
    }
    return ((Credentials.Internal) credentials).name();
  }

  private StationRegistered authorize(String who, Credentials credentials, String stationId) {
    boolean own = who.equals(stationId);
    boolean trusted =
        who.equals("admin")
            || credentials instanceof Credentials.ExternalBroker
            || credentials instanceof Credentials.Internal;
    if (!own && !trusted) {
      throw new InvalidReading(
          FORBIDDEN_STATION,
          "station_id",
          "'" + who + "' may not publish observations for station '" + stationId + "'");
    }
    return registered(stationId);
  }

  private StationRegistered registered(String stationId) {
    return stations
        .byId(stationId)
        .orElseThrow(
            () ->
                new InvalidReading(
                    UNKNOWN_STATION,
                    "station_id",
                    "no registered station '"
                        + stationId
                        + "': register it with PUT /api/stations/{id}"));
  }

  /** Steps 3 and 4: parse and validate in the station's zone, then publish keyed by station. */
  private CompletableFuture<WeatherObserved> publish(
      StationRegistered station, byte[] raw, Instant received, String transport) {
    var observation =
        parser.parse(
            station.getStationId(), ZoneId.of(station.getTimeZone()), raw, received, transport);
    return writer.observation(observation).thenApply(ack -> observation);
  }
}
