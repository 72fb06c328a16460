package io.streamrag.gateway.relay;

import io.streamrag.gateway.web.Refused;
import java.util.UUID;

/**
 * The id of every event a chat stream sends: {@code <request id>:<seq>} while the answer is its
 * first generation, {@code <request id>:<generation>.<seq>} once it restarted ({@link
 * Generations}): the same on every replica, so {@code Last-Event-ID} names the stream, the
 * generation its client follows and how far it got in it. The {@code reset} event of generation g
 * is {@code <request id>:<g>.-1}: the client has nothing of it yet.
 *
 * @param requestId the stream's request
 * @param generation the generation the client follows (its number on the stream: 0, 1, …)
 * @param seq the last event of it the client has, or -1 for none (a {@code Last-Event-ID} of the
 *     bare request id, from {@code X-Request-Id})
 */
public record EventIds(String requestId, int generation, int seq) {

  /** The id of an event of a first generation. */
  public static String of(String requestId, int seq) {
    return of(requestId, 0, seq);
  }

  /** The id of an event. */
  public static String of(String requestId, int generation, int seq) {
    return requestId + ":" + (generation == 0 ? "" : generation + ".") + seq;
  }

  /**
   * Reads a {@code Last-Event-ID}.
   *
   * @throws Refused a 400 naming the header when it is not an id this gateway sent
   */
  public static EventIds parse(String lastEventId) {
    String value = lastEventId.strip();
    int colon = value.lastIndexOf(':');
    String id = colon < 0 ? value : value.substring(0, colon);
    try {
      if (!UUID.fromString(id).toString().equalsIgnoreCase(id)) {
        throw new IllegalArgumentException(id);
      }
      int generation = 0;
      int seq = -1;
      if (colon >= 0) {
        String position = value.substring(colon + 1);
        int dot = position.indexOf('.');
        if (dot >= 0) {
          generation = Integer.parseInt(position.substring(0, dot));
          position = position.substring(dot + 1);
        }
        seq = Integer.parseInt(position);
      }
      if (seq < -1 || generation < 0) {
        throw new IllegalArgumentException(value);
      }
      return new EventIds(id.toLowerCase(), generation, seq);
    } catch (IllegalArgumentException e) {
      throw new Refused(
          400,
          "invalid_last_event_id",
          "Last-Event-ID must be the id of an event of a chat stream (<request_id>:<n> or"
              + " <request_id>:<generation>.<n>), or a request id",
          "Last-Event-ID");
    }
  }
}
