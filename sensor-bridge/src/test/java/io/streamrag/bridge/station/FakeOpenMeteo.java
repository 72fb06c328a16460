package io.streamrag.bridge.station;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A fake of Open-Meteo's forecast endpoint (the real one cannot be reached from here): a local HTTP
 * server answering {@code /v1/forecast} with its JSON for {@code current} and {@code hourly}
 * variables in unix time, as the API does for {@code timeformat=unixtime}: the last three whole
 * hours, the hour in progress (not over yet) and the current quarter hour.
 */
final class FakeOpenMeteo implements AutoCloseable {

  final Queue<String> queries = new ConcurrentLinkedQueue<>();
  private final HttpServer server;

  FakeOpenMeteo() {
    try {
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext(
        "/v1/forecast",
        exchange -> {
          queries.add(exchange.getRequestURI().getQuery());
          byte[] body = body(Instant.now()).getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.start();
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1/forecast";
  }

  /** The answer at {@code now}; the hour before the last carries a gap (null temperature). */
  static String body(Instant now) {
    long hour = now.truncatedTo(ChronoUnit.HOURS).getEpochSecond();
    long quarter = now.getEpochSecond() / 900 * 900;
    return String.format(
        Locale.ROOT,
        """
        {"latitude":35.7,"longitude":51.4,"utc_offset_seconds":0,"timezone":"GMT",
         "current_units":{"time":"unixtime","interval":"seconds","temperature_2m":"°C"},
         "current":{"time":%d,"interval":900,"temperature_2m":11.4,"relative_humidity_2m":72,
           "wind_speed_10m":3.1,"shortwave_radiation":120.0,"precipitation":0.2},
         "hourly_units":{"time":"unixtime","temperature_2m":"°C","precipitation":"mm"},
         "hourly":{"time":[%d,%d,%d,%d],
           "temperature_2m":[8.1,null,10.2,11.0],
           "relative_humidity_2m":[85,82,75,73],
           "wind_speed_10m":[1.5,2.0,2.8,3.0],
           "shortwave_radiation":[0.0,35.5,210.0,180.0],
           "precipitation":[0.0,0.4,1.2,0.1]}}""",
        quarter,
        hour - 7200,
        hour - 3600,
        hour,
        hour + 3600);
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
