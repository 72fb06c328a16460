package io.streamrag.kafkalocal.cli;

import io.streamrag.schemas.TopicSpec;
import io.streamrag.schemas.serde.AvroDeserializer;
import io.streamrag.schemas.serde.AvroSerializer;
import io.streamrag.schemas.serde.SchemaCatalog;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.apache.avro.Schema;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;

/**
 * A topic's values as Avro's JSON encoding (unions tagged with their branch, e.g. {@code {"string":
 * "x"}}) and back: what {@code topics tail} prints, {@code topics produce} reads. Bytes written
 * with any past schema are read with the schema history and printed in today's schema.
 */
final class AvroJson {

  private final AvroDeserializer avro = new AvroDeserializer();
  private final AvroSerializer serializer = new AvroSerializer();

  /** The value as JSON, or {@code null} when the bytes are not a record of the catalogue. */
  String toJson(TopicSpec topic, byte[] bytes) {
    SpecificRecord record;
    try {
      record = avro.deserialize(topic.name(), bytes);
    } catch (RuntimeException notAvro) {
      return null;
    }
    var out = new ByteArrayOutputStream();
    try {
      var encoder = EncoderFactory.get().jsonEncoder(record.getSchema(), out);
      new SpecificDatumWriter<SpecificRecord>(record.getSchema()).write(record, encoder);
      encoder.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  /**
   * The topic's record from its JSON encoding, as services write it.
   *
   * @throws IllegalArgumentException naming what does not fit the topic's schema
   */
  byte[] fromJson(TopicSpec topic, String json) {
    if (topic.valueType() == null) {
      throw new IllegalArgumentException(topic.name() + " carries raw bytes: use value_base64");
    }
    // through the catalogue: its first use trusts our generated classes (Avro 1.12 refuses others)
    Schema schema = SchemaCatalog.current(topic.valueType());
    try {
      var decoder = DecoderFactory.get().jsonDecoder(schema, json);
      SpecificRecord record = new SpecificDatumReader<SpecificRecord>(schema).read(null, decoder);
      return serializer.serialize(topic.name(), record);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(
          "not a " + schema.getName() + " for " + topic.name() + ": " + e.getMessage(), e);
    }
  }
}
