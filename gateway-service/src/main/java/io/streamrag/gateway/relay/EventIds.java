package io.streamrag.gateway.relay;

import io.streamrag.gateway.web.Refused;
import java.util.UUID;

/**
 * The id of every event a chat stream sends, {@code <request id>:<seq>}: the same on every replica,
 * so {@code Last-Event-ID} names both the stream and how far its client got.
 *
 * @param requestId the stream's request
 * @param seq the last event the client has, or -1 for none (a {@code Last-Event-ID} of the bare
 *     request id, from {@code X-Request-Id})
 */
public record EventIds(String requestId, int seq) {

  /** The id of an event. */
  public static String of(String requestId, int seq) {
    return requestId + ":" + seq;
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
      int seq = colon < 0 ? -1 : Integer.parseInt(value.substring(colon + 1));
      if (seq < -1) {
        throw new IllegalArgumentException(value);
      }
      return new EventIds(id.toLowerCase(), seq);
    } catch (IllegalArgumentException e) {
      throw new Refused(
          400,
          "invalid_last_event_id",
          "Last-Event-ID must be the id of an event of a chat stream (<request_id>:<n>), or a"
              + " request id",
          "Last-Event-ID");
    }
  }
}
