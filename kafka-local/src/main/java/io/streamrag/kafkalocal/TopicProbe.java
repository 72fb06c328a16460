package io.streamrag.kafkalocal;

import io.streamrag.schemas.serde.AvroDeserializer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads what is really on a topic, from its beginning, as an outside consumer would: the way tests
 * and benchmarks check what a service published.
 */
public final class TopicProbe implements AutoCloseable {

  private final KafkaConsumer<String, byte[]> consumer;
  private final AvroDeserializer avro = new AvroDeserializer();
  private final String topic;

  /** Records read by a poll but not yet handed out: an await returns one and keeps the rest. */
  private final java.util.ArrayDeque<Received> unread = new java.util.ArrayDeque<>();

  /** Reads the topic from its beginning. */
  public TopicProbe(String bootstrapServers, String topic) {
    this(bootstrapServers, topic, -1);
  }

  /**
   * Reads the topic from the first record created at or after {@code fromMillis} (epoch ms), or
   * from its beginning when {@code fromMillis} is negative.
   */
  public TopicProbe(String bootstrapServers, String topic, long fromMillis) {
    this.topic = topic;
    this.consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false,
                ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG,
                50),
            new StringDeserializer(),
            new ByteArrayDeserializer());
    var partitions =
        consumer.partitionsFor(topic).stream()
            .map(p -> new TopicPartition(topic, p.partition()))
            .toList();
    consumer.assign(partitions);
    consumer.seekToBeginning(partitions);
    if (fromMillis >= 0) {
      // The ends first: a record written after them is at or past them. Asked after the query, a
      // record written in between (none found at or after the time yet, then one written before
      // the end was taken) was skipped: an alert a test awaited, once in many runs.
      var ends = consumer.endOffsets(partitions);
      var query = new java.util.HashMap<TopicPartition, Long>();
      partitions.forEach(p -> query.put(p, fromMillis));
      consumer
          .offsetsForTimes(query)
          .forEach(
              (p, found) ->
                  consumer.seek(
                      p, found == null ? ends.get(p) : Math.min(found.offset(), ends.get(p))));
    }
  }

  /**
   * A record as read back: key, decoded value ({@code null} for a tombstone), raw bytes, headers,
   * the time its producer created it (epoch ms) and its partition.
   */
  public record Received(
      String key,
      Object value,
      byte[] raw,
      Map<String, String> headers,
      long timestamp,
      int partition) {}

  /**
   * Waits until a record matching the predicate arrives and returns it. The records after it that
   * were read in the same poll are kept for the next call.
   *
   * @throws AssertionError if none arrives within the timeout
   */
  public Received await(Predicate<Received> match, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    var seen = new ArrayList<Received>();
    while (System.nanoTime() < deadline) {
      if (unread.isEmpty()) {
        unread.addAll(poll());
      }
      while (!unread.isEmpty()) {
        Received r = unread.poll();
        seen.add(r);
        if (match.test(r)) {
          return r;
        }
      }
    }
    throw new AssertionError(
        "no matching record on "
            + topic
            + " within "
            + timeout
            + "; saw "
            + seen.size()
            + ": "
            + seen);
  }

  /** Everything that arrives during the given time. */
  public List<Received> drain(Duration during) {
    long deadline = System.nanoTime() + during.toNanos();
    var all = new ArrayList<Received>(unread);
    unread.clear();
    while (System.nanoTime() < deadline) {
      all.addAll(poll());
    }
    return all;
  }

  /**
   * Everything up to the topic's end as it is now (its end offsets read once, at this call).
   *
   * @throws AssertionError if the end is not reached within the timeout
   */
  public List<Received> untilEnd(Duration timeout) {
    var end = consumer.endOffsets(consumer.assignment());
    long deadline = System.nanoTime() + timeout.toNanos();
    var all = new ArrayList<Received>(unread);
    unread.clear();
    while (end.entrySet().stream().anyMatch(e -> consumer.position(e.getKey()) < e.getValue())) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "did not reach the end of " + topic + " within " + timeout + "; read " + all.size());
      }
      all.addAll(poll());
    }
    return all;
  }

  private List<Received> poll() {
    var out = new ArrayList<Received>();
    for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(100))) {
      var headers = new java.util.TreeMap<String, String>();
      r.headers()
          .forEach(h -> headers.put(h.key(), h.value() == null ? null : new String(h.value())));
      Object value = decode(r.value());
      out.add(new Received(r.key(), value, r.value(), headers, r.timestamp(), r.partition()));
    }
    return out;
  }

  private Object decode(byte[] bytes) {
    try {
      return avro.deserialize(topic, bytes);
    } catch (RuntimeException notAvro) {
      return bytes; // dead letters keep whatever bytes failed
    }
  }

  @Override
  public void close() {
    consumer.close();
  }
}
