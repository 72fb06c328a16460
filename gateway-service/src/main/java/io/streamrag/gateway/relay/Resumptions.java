package io.streamrag.gateway.relay;

import io.streamrag.gateway.auth.Authenticated;
import io.streamrag.gateway.web.OffLoop;
import io.streamrag.gateway.web.Refused;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A chat stream resumed with {@code Last-Event-ID}, on whichever replica the client reaches: the
 * request's events are read again from its partition of {@code chat.answers} from the time it was
 * asked, and the client is sent those after the last one it has. Any chat endpoint resumes this way
 * (the client re-sends its request with the header; the question is not asked again).
 */
public final class Resumptions {

  private final StreamLedger ledger;
  private final AnswerRelay relay;
  private final StreamCaps caps;

  /**
   * @param caps how many resumed streams each key may hold open here: each is a read registered on
   *     the shared reader, holding the events it was not sent yet
   */
  public Resumptions(StreamLedger ledger, AnswerRelay relay, StreamCaps caps) {
    this.ledger = ledger;
    this.relay = relay;
    this.caps = caps;
  }

  /**
   * A resumed stream: the events of the request its client does not have yet.
   *
   * @param events the request's events after those its client has, in the generation it is to
   *     follow ({@link Generations})
   */
  public record Resumed(StreamLedger.Open stream, Flux<Relayed> events) {}

  /**
   * Resumes the stream a {@code Last-Event-ID} names.
   *
   * @param who who sent the request, as the authentication filter found
   * @return the stream; a {@link Refused} 401, 400 or 404 otherwise
   */
  /**
   * Cancels the caller's stream now.
   *
   * @return the stream, once the cancel is published; a {@link Refused} 401 or 404 otherwise
   */
  public Mono<StreamLedger.Open> cancel(Authenticated who, String requestId) {
    return Mono.fromCallable(
            () -> {
              var caller = who.orRefuse();
              return callers(requestId, caller.owner(), "to cancel", "request_id");
            })
        .flatMap(
            stream ->
                OffLoop.future(() -> ledger.cancel(stream.requestId(), stream.userId()))
                    .thenReturn(stream));
  }

  public Mono<Resumed> resume(Authenticated who, String lastEventId) {
    return Mono.fromCallable(
        () -> {
          // 1. a known API key (authenticated once, by the filter)
          var caller = who.orRefuse();
          // 2. read the id: which stream, and how far its client got
          var last = EventIds.parse(lastEventId);
          // 3. the stream must be this caller's, within the resume window: to others it does not
          // exist
          var stream =
              callers(
                  last.requestId(),
                  caller.owner(),
                  "to resume (streams can be resumed for a while after they were asked, by the key"
                      + " that asked)",
                  "Last-Event-ID");
          // 4. within the key's share of resumed streams
          String owner = caller.owner();
          if (!caps.tryOpen(owner)) {
            throw new Refused(
                429,
                "too_many_streams",
                "this API key has " + caps.perKey() + " resumed streams open; close one",
                "Last-Event-ID");
          }
          // 5. no replica cancels it now
          ledger.resumed(stream);
          // 6. its events again, from the time it was asked
          return new Resumed(
              stream,
              relay
                  .replay(stream.requestId(), stream.answerPartition(), stream.askedAt(), last)
                  .doFinally(signal -> caps.close(owner)));
        });
  }

  /**
   * The stream {@code requestId} if {@code owner}'s: another key's stream does not exist to it.
   *
   * @param wantedFor what the caller wanted the stream for, ending the 404's message
   * @param param the request part that named the stream
   */
  private StreamLedger.Open callers(
      String requestId, String owner, String wantedFor, String param) {
    return ledger
        .find(requestId)
        .filter(s -> s.userId().equals(owner))
        .orElseThrow(
            () ->
                new Refused(
                    404,
                    "stream_not_found",
                    "you have no chat stream " + requestId + " " + wantedFor,
                    param));
  }
}
