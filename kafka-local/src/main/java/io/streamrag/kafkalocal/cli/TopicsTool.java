package io.streamrag.kafkalocal.cli;

import io.streamrag.schemas.TopicSpec;
import io.streamrag.schemas.Topics;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * An operator's view of the platform's topics, as JSON lines (see {@code ./streamrag}):
 *
 * <pre>
 *   topics list                                   every catalogue topic, its writer and policy
 *   topics tail &lt;topic&gt; [--from-beginning] [--key K] [--follow] [--max N]
 *   topics produce &lt;topic&gt;                         JSON lines on stdin, as tail prints them
 *   topics replay &lt;dlq.topic&gt; [--key K]            dead letters back to their original topics
 * </pre>
 *
 * A line is {@code {"partition","offset","timestamp","key","headers","value"}}; {@code value} is
 * the record in Avro's JSON encoding (read with the schema history), {@code null} for a tombstone,
 * or {@code value_base64} for bytes that are not a catalogue record (dead letters). {@code produce}
 * takes {@code key} and {@code value} (or {@code value_base64}, or {@code "value": null}) and
 * writes them as the services do, so a fixed record can be put back.
 */
public final class TopicsTool {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final Map<String, Object> settings;
  private final PrintStream out;
  private final AvroJson avro = new AvroJson();

  public TopicsTool(String bootstrap, PrintStream out) {
    this(Map.of("bootstrap.servers", bootstrap), out);
  }

  /**
   * @param settings Kafka client settings: the bootstrap servers and, for a secured broker, its
   *     SASL and TLS settings ({@link ClientSettings})
   */
  public TopicsTool(Map<String, Object> settings, PrintStream out) {
    this.settings = Map.copyOf(settings);
    this.out = out;
  }

  public static void main(String[] args) throws Exception {
    var options = new HashMap<String, String>();
    var words = new ArrayList<String>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].startsWith("--")) {
        boolean flag = i + 1 >= args.length || args[i + 1].startsWith("--");
        options.put(args[i].substring(2), flag ? "true" : args[++i]);
      } else {
        words.add(args[i]);
      }
    }
    var tool = new TopicsTool(ClientSettings.of(options, System.getenv()), System.out);
    if (words.size() >= 1 && words.get(0).equals("list")) {
      tool.list();
    } else if (words.size() == 2 && words.get(0).equals("tail")) {
      tool.tail(
          spec(words.get(1)),
          options.containsKey("from-beginning"),
          options.get("key"),
          options.containsKey("follow"),
          Integer.parseInt(options.getOrDefault("max", String.valueOf(Integer.MAX_VALUE))));
    } else if (words.size() == 2 && words.get(0).equals("produce")) {
      int sent =
          tool.produce(
              spec(words.get(1)),
              new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))
                  .lines()
                  .filter(l -> !l.isBlank())
                  .toList());
      System.err.println(sent + " records written to " + words.get(1));
    } else if (words.size() == 2 && words.get(0).equals("replay")) {
      int sent = tool.replay(spec(words.get(1)), options.get("key"));
      System.err.println(sent + " dead letters written back to their original topics");
    } else {
      System.err.println(
          "usage: topics list | topics tail <topic> [--from-beginning] [--key K] [--follow]"
              + " [--max N] | topics produce <topic> < lines.jsonl | topics replay <dlq.topic> [--key K]"
              + "   [--bootstrap host:port] [--command-config client.properties]"
              + " [--config-tree DIR (default: SPRING_CONFIG_IMPORT's configtree:)]");
      System.exit(2);
    }
  }

  /** The tool's settings with these added. */
  private Map<String, Object> client(String... pairs) {
    var all = new HashMap<String, Object>(settings);
    for (int i = 0; i < pairs.length; i += 2) {
      all.put(pairs[i], pairs[i + 1]);
    }
    return all;
  }

  private static TopicSpec spec(String name) {
    return Topics.all().stream()
        .filter(t -> t.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException(name + " is not a catalogue topic"));
  }

  void list() {
    for (var t : Topics.all()) {
      ObjectNode line = JSON.createObjectNode();
      line.put("topic", t.name());
      line.put("writer", t.writer());
      line.put("cleanup", t.cleanup().policy());
      line.put("partitions", t.partitions());
      line.put("value", t.valueType() == null ? "bytes" : t.valueType().getSimpleName());
      out.println(line);
    }
  }

  /** Prints the topic's records (from now, or its beginning); stops after 2 s without one. */
  void tail(TopicSpec topic, boolean fromBeginning, String key, boolean follow, int max) {
    try (var consumer =
        new KafkaConsumer<>(
            client("client.id", "topics-tail"),
            new StringDeserializer(),
            new ByteArrayDeserializer())) {
      List<TopicPartition> partitions =
          consumer.partitionsFor(topic.name()).stream()
              .map(p -> new TopicPartition(topic.name(), p.partition()))
              .toList();
      consumer.assign(partitions);
      if (fromBeginning) {
        consumer.seekToBeginning(partitions);
      } else {
        consumer.seekToEnd(partitions);
      }
      partitions.forEach(consumer::position); // resolved now: what comes after is read
      int printed = 0;
      long quietSince = System.nanoTime();
      while (printed < max
          && (follow || System.nanoTime() - quietSince < Duration.ofSeconds(2).toNanos())) {
        for (var record : consumer.poll(Duration.ofMillis(200))) {
          quietSince = System.nanoTime();
          if (key != null && !key.equals(record.key())) {
            continue;
          }
          out.println(line(topic, record));
          if (++printed >= max) {
            break;
          }
        }
      }
    }
  }

  /**
   * A header as text; spring-kafka's dead-letter headers that hold numbers (the original partition,
   * offset and timestamp) are written as big-endian binary and are shown as numbers.
   */
  private static void header(ObjectNode headers, String key, byte[] value) {
    if (value == null) {
      headers.putNull(key);
    } else if (NUMERIC_HEADERS.contains(key) && (value.length == 4 || value.length == 8)) {
      var bytes = java.nio.ByteBuffer.wrap(value);
      headers.put(key, value.length == 4 ? bytes.getInt() : bytes.getLong());
    } else {
      headers.put(key, new String(value, StandardCharsets.UTF_8));
    }
  }

  private static final java.util.Set<String> NUMERIC_HEADERS =
      java.util.Set.of(
          "kafka_dlt-original-partition",
          "kafka_dlt-original-offset",
          "kafka_dlt-original-timestamp");

  String line(TopicSpec topic, ConsumerRecord<String, byte[]> record) {
    ObjectNode line = JSON.createObjectNode();
    line.put("partition", record.partition());
    line.put("offset", record.offset());
    line.put("timestamp", record.timestamp());
    line.put("key", record.key());
    ObjectNode headers = line.putObject("headers");
    record.headers().forEach(h -> header(headers, h.key(), h.value()));
    if (record.value() == null) {
      line.putNull("value");
    } else {
      String json = avro.toJson(topic, record.value());
      if (json == null) {
        line.put("value_base64", Base64.getEncoder().encodeToString(record.value()));
      } else {
        line.set("value", JSON.readTree(json));
      }
    }
    return line.toString();
  }

  /** Writes each line's record; returns how many were written. */
  int produce(TopicSpec topic, List<String> lines) throws Exception {
    try (var producer =
        new KafkaProducer<>(
            client("acks", "all", "client.id", "topics-produce"),
            new StringSerializer(),
            new ByteArraySerializer())) {
      int sent = 0;
      for (String text : lines) {
        JsonNode line = JSON.readTree(text);
        String key = line.path("key").isNull() ? null : line.path("key").asString();
        byte[] value;
        if (line.has("value_base64")) {
          value = Base64.getDecoder().decode(line.get("value_base64").asString());
        } else if (!line.has("value") || line.get("value").isNull()) {
          value = null;
        } else {
          value = avro.fromJson(topic, line.get("value").toString());
        }
        producer.send(new ProducerRecord<>(topic.name(), key, value)).get();
        sent++;
      }
      return sent;
    }
  }

  /**
   * Writes every record of a dead-letter topic (or those of one key) back to the topic it came from
   * ({@code kafka_dlt-original-topic}), same key, same bytes: once the cause is fixed, the consumer
   * takes it again. Replaying twice is harmless where the consumer is idempotent (the index upserts
   * by point id, ingest absorbs a reading it has seen). Returns how many were written.
   */
  public int replay(TopicSpec deadLetters, String key) throws Exception {
    if (!deadLetters.name().startsWith("dlq.")) {
      throw new IllegalArgumentException(deadLetters.name() + " is not a dead-letter topic");
    }
    var records = new ArrayList<ConsumerRecord<String, byte[]>>();
    try (var consumer =
        new KafkaConsumer<>(
            client("client.id", "topics-replay"),
            new StringDeserializer(),
            new ByteArrayDeserializer())) {
      List<TopicPartition> partitions =
          consumer.partitionsFor(deadLetters.name()).stream()
              .map(p -> new TopicPartition(deadLetters.name(), p.partition()))
              .toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
      while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
        for (var record : consumer.poll(Duration.ofMillis(200))) {
          if (key == null || key.equals(record.key())) {
            records.add(record);
          }
        }
      }
    }
    try (var producer =
        new KafkaProducer<>(
            client("acks", "all", "client.id", "topics-replay"),
            new StringSerializer(),
            new ByteArraySerializer())) {
      for (var record : records) {
        var origin = record.headers().lastHeader("kafka_dlt-original-topic");
        if (origin == null) {
          throw new IllegalStateException(
              "dead letter at " + record.partition() + "@" + record.offset() + " names no origin");
        }
        String topic = new String(origin.value(), StandardCharsets.UTF_8);
        producer.send(new ProducerRecord<>(topic, record.key(), record.value())).get();
      }
    }
    return records.size();
  }
}
