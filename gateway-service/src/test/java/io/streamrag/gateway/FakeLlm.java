package io.streamrag.gateway;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerDone;
import io.streamrag.schemas.chat.AnswerError;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.AnswerMeta;
import io.streamrag.schemas.chat.AnswerPartition;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.Citation;
import io.streamrag.schemas.chat.TraceStep;
import io.streamrag.schemas.chat.TraceSteps;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Plays retrieval + llm for the gateway's tests, over the real topics: waits for the next request
 * matching a predicate on chat.requests, then answers it on chat.answers with a scripted answer, in
 * two halves when asked to (the second once {@link Answering#goOn} is called).
 */
public final class FakeLlm {

  private final LocalKafka kafka;

  public FakeLlm(LocalKafka kafka) {
    this.kafka = kafka;
  }

  /** An answer under way: its request, once published, and the gate between its halves. */
  public static final class Answering {
    public final CompletableFuture<ChatRequested> request = new CompletableFuture<>();
    private final CountDownLatch gate = new CountDownLatch(1);
    public final CompletableFuture<Void> done = new CompletableFuture<>();

    /** Lets the second half be published. */
    public void goOn() {
      gate.countDown();
    }

    public ChatRequested request() {
      return request.join();
    }
  }

  /**
   * Answers the next matching request: meta, the tokens, two trace steps in one record, a citation
   * with the done in one record, (with 42 + n tokens of usage); with {@code firstHalf} events
   * published first and the rest after {@link Answering#goOn}.
   */
  public Answering answer(Predicate<ChatRequested> which, int firstHalf, String... tokens) {
    var events = new ArrayList<AnswerEvent.Builder>();
    events.add(
        AnswerEvent.newBuilder()
            .setType(AnswerEventType.META)
            .setMeta(
                new AnswerMeta("irrigation", "primary", "fake-model", false, "given", 1, null)));
    for (String token : tokens) {
      events.add(AnswerEvent.newBuilder().setType(AnswerEventType.TOKEN).setText(token));
    }
    // two steps that came together: one record, as llm-service groups them
    events.add(
        TraceSteps.set(
            AnswerEvent.newBuilder(),
            List.of(
                TraceStep.newBuilder()
                    .setStep(1)
                    .setKind("search")
                    .setQuery("soil moisture")
                    .setDetail("3 results")
                    .build(),
                TraceStep.newBuilder()
                    .setStep(2)
                    .setKind("accept")
                    .setSource("irrigation/a.md")
                    .setDetail("relevant")
                    .build())));
    // the citation travels with the done, as llm-service sends an answer's end
    var citation =
        AnswerEvent.newBuilder()
            .setRequestId("")
            .setSeq(0)
            .setEmittedAt(Instant.EPOCH)
            .setType(AnswerEventType.CITATION)
            .setCitation(new Citation(1, "irrigation/a.md", "irrigation", 0.8))
            .build();
    events.add(
        AnswerEvent.newBuilder()
            .setPreceding(List.of(citation))
            .setType(AnswerEventType.DONE)
            .setDone(
                AnswerDone.newBuilder()
                    .setProvider("primary")
                    .setModel("fake-model")
                    .setPromptTokens(42)
                    .setCompletionTokens(tokens.length)
                    .build()));
    return play(which, events, firstHalf);
  }

  /**
   * Answers the next matching request as an instance that died mid-answer and another that answered
   * it again: generation {@link #FIRST} writes meta and {@code first} tokens, then generation
   * {@link #SECOND} writes meta, {@code second} tokens and done, each numbered from 0.
   */
  public Answering restarted(Predicate<ChatRequested> which, List<String> first, String... second) {
    var events = new ArrayList<AnswerEvent.Builder>();
    events.add(meta(FIRST));
    first.forEach(t -> events.add(token(FIRST, t)));
    events.add(meta(SECOND));
    List.of(second).forEach(t -> events.add(token(SECOND, t)));
    events.add(
        AnswerEvent.newBuilder()
            .setGeneration(SECOND)
            .setType(AnswerEventType.DONE)
            .setDone(AnswerDone.newBuilder().setProvider("primary").setModel("fake").build()));
    return play(which, events, events.size());
  }

  /** The generations of {@link #restarted}. */
  public static final String FIRST = "llm-dead-1@1000";

  public static final String SECOND = "llm-alive-2@5000";

  private static AnswerEvent.Builder meta(String generation) {
    return AnswerEvent.newBuilder()
        .setGeneration(generation)
        .setType(AnswerEventType.META)
        .setMeta(new AnswerMeta("irrigation", "primary", "fake", false, "given", 0, null));
  }

  private static AnswerEvent.Builder token(String generation, String text) {
    return AnswerEvent.newBuilder()
        .setGeneration(generation)
        .setType(AnswerEventType.TOKEN)
        .setText(text);
  }

  /** Answers the next matching request with meta, then an error event of this code. */
  public Answering fail(Predicate<ChatRequested> which, String code) {
    var events =
        List.of(
            AnswerEvent.newBuilder()
                .setType(AnswerEventType.META)
                .setMeta(new AnswerMeta("irrigation", "primary", "m", false, "given", 0, null)),
            AnswerEvent.newBuilder()
                .setType(AnswerEventType.ERROR)
                .setError(new AnswerError(code, "the model broke off")));
    return play(which, events, events.size());
  }

  private Answering play(
      Predicate<ChatRequested> which, List<AnswerEvent.Builder> events, int firstHalf) {
    var answering = new Answering();
    // positioned before this returns, so the request the test sends next is read whatever the
    // timing
    var requests =
        new TopicProbe(
            kafka.bootstrapServers(),
            ChatTopics.CHAT_REQUESTS.name(),
            Instant.now().minusSeconds(1).toEpochMilli());
    var thread = Executors.newSingleThreadExecutor();
    thread.submit(
        () -> {
          try (requests) {
            var received =
                requests.await(
                    r -> r.value() instanceof ChatRequested q && which.test(q),
                    Duration.ofSeconds(20));
            var request = (ChatRequested) received.value();
            // every event where the request asked, as llm-service writes them
            var partition = AnswerPartition.read(received.headers().get(AnswerPartition.HEADER));
            answering.request.complete(request);
            // seq counts the client's events, as llm-service numbers them: a record of k
            // trace steps takes k numbers; each generation counts from 0
            int seq = 0;
            for (int i = 0; i < events.size(); i++) {
              if (i > 0
                  && !java.util.Objects.equals(
                      events.get(i).getGeneration(), events.get(i - 1).getGeneration())) {
                seq = 0;
              }
              if (i == firstHalf && !answering.gate.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the second half was never let go");
              }
              var preceding = new ArrayList<AnswerEvent>();
              var carried = events.get(i).hasPreceding() ? events.get(i).getPreceding() : null;
              for (AnswerEvent p : carried == null ? List.<AnswerEvent>of() : carried) {
                preceding.add(
                    AnswerEvent.newBuilder(p)
                        .setRequestId(request.getRequestId())
                        .setSeq(seq++)
                        .setEmittedAt(Instant.now())
                        .build());
              }
              var event =
                  events
                      .get(i)
                      .setPreceding(preceding)
                      .setRequestId(request.getRequestId())
                      .setSeq(seq)
                      .setEmittedAt(Instant.now())
                      .build();
              kafka.publish(
                  new ProducerRecord<>(
                      ChatTopics.CHAT_ANSWERS.name(),
                      partition.isPresent() ? partition.getAsInt() : null,
                      request.getRequestId(),
                      event));
              seq += Math.max(1, TraceSteps.of(event).size());
            }
            answering.done.complete(null);
          } catch (Throwable e) {
            answering.request.completeExceptionally(e);
            answering.done.completeExceptionally(e);
          } finally {
            thread.shutdown();
          }
          return null;
        });
    return answering;
  }
}
