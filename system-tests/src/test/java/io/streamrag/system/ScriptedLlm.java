package io.streamrag.system;

import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerDone;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.AnswerEvents;
import io.streamrag.schemas.chat.AnswerMeta;
import io.streamrag.schemas.chat.AnswerPartition;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.Citation;
import io.streamrag.schemas.chat.TraceStep;
import io.streamrag.schemas.chat.TraceSteps;
import io.streamrag.schemas.serde.AvroDeserializer;
import io.streamrag.schemas.serde.AvroSerializer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.function.Predicate;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * A fake, named as such: plays llm-service on the real broker, a member of its consumer group on
 * {@code chat.requests} (so the gateway sees someone to answer), writing answer events a test
 * scripts, generation by generation: e.g. an instance that dies mid-answer, then the one that
 * answers again. One test thread drives it.
 */
final class ScriptedLlm implements AutoCloseable {

  private final KafkaConsumer<String, SpecificRecord> requests;
  private final KafkaProducer<String, SpecificRecord> answers;
  private final Map<String, Integer> answerPartitions = new ConcurrentHashMap<>();

  ScriptedLlm(String bootstrap) {
    requests =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap,
                ConsumerConfig.GROUP_ID_CONFIG,
                "llm-answers",
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "latest",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false),
            new StringDeserializer(),
            new AvroDeserializer());
    requests.subscribe(List.of(ChatTopics.CHAT_REQUESTS.name()));
    answers =
        new KafkaProducer<>(
            Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap),
            new StringSerializer(),
            new AvroSerializer());
  }

  /** Polls until the group has given this member its partitions. */
  ScriptedLlm joined() {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (requests.assignment().isEmpty()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("no share of chat.requests after 60 s");
      }
      requests.poll(Duration.ofMillis(200));
    }
    return this;
  }

  /** The next request that matches, its offset committed (nobody answers it again). */
  ChatRequested await(Predicate<ChatRequested> which, Duration within) {
    long deadline = System.nanoTime() + within.toNanos();
    while (System.nanoTime() < deadline) {
      for (var record : requests.poll(Duration.ofMillis(200))) {
        if (record.value() instanceof ChatRequested request && which.test(request)) {
          requests.commitSync();
          // its events go where the request asked, as llm-service writes them
          var named = record.headers().lastHeader(AnswerPartition.HEADER);
          var partition = AnswerPartition.read(named == null ? null : named.value());
          if (partition.isPresent()) {
            answerPartitions.put(request.getRequestId(), partition.getAsInt());
          }
          return request;
        }
      }
    }
    throw new IllegalStateException("no matching chat request within " + within);
  }

  /** One generation's writer for a request: events numbered from 0, as llm-service does. */
  Generation generation(ChatRequested request, String generation) {
    return new Generation(request.getRequestId(), generation);
  }

  final class Generation {
    private final String requestId;
    private final String generation;
    private int seq;

    private Generation(String requestId, String generation) {
      this.requestId = requestId;
      this.generation = generation;
    }

    Generation meta() {
      return send(
          event(AnswerEventType.META)
              .setMeta(new AnswerMeta("chat", "scripted", "fake", false, "new", 0, null)));
    }

    Generation trace(String detail) {
      return send(
          TraceSteps.set(
              event(AnswerEventType.TRACE),
              List.of(
                  TraceStep.newBuilder().setStep(1).setKind("search").setDetail(detail).build())));
    }

    Generation token(String text) {
      return send(event(AnswerEventType.TOKEN).setText(text));
    }

    /** A citation and the done, in one record as llm-service ends an answer. */
    Generation done(String source) {
      var citation =
          event(AnswerEventType.CITATION).setCitation(new Citation(1, source, "chat", 0.9)).build();
      return send(
          event(AnswerEventType.DONE)
              .setPreceding(List.of(citation))
              .setDone(AnswerDone.newBuilder().setProvider("scripted").setModel("fake").build()));
    }

    private AnswerEvent.Builder event(AnswerEventType type) {
      return AnswerEvents.event(requestId, generation, seq++, type, Instant.now());
    }

    private Generation send(AnswerEvent.Builder builder) {
      var event = builder.build();
      try {
        answers
            .send(
                new ProducerRecord<>(
                    ChatTopics.CHAT_ANSWERS.name(),
                    answerPartitions.get(requestId),
                    requestId,
                    event))
            .get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      } catch (ExecutionException e) {
        throw new IllegalStateException(e.getCause());
      }
      return this;
    }
  }

  @Override
  public void close() {
    requests.close(Duration.ofSeconds(5));
    answers.close(Duration.ofSeconds(5));
  }
}
