package io.streamrag.schemas.serde;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Writes any record of the catalogue in Avro single-object encoding: a 10-byte header with the
 * schema fingerprint, then the binary body. No schema-registry server is involved; {@link
 * AvroDeserializer} finds the schema by its fingerprint.
 */
public final class AvroSerializer implements Serializer<SpecificRecord> {

  @Override
  public byte[] serialize(String topic, SpecificRecord record) {
    if (record == null) {
      return null;
    }
    var out = new ByteArrayOutputStream(256);
    try {
      SchemaCatalog.encoder(record.getClass()).encode(record, out);
    } catch (IOException | RuntimeException e) {
      throw new SerializationException(
          "cannot encode " + record.getClass().getSimpleName() + " for " + topic, e);
    }
    return out.toByteArray();
  }
}
