package io.streamrag.schemas.serde;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * Reads any record of the catalogue written in Avro single-object encoding, with the current or any
 * past schema of that record. A {@code null} value (a tombstone) stays {@code null}; bytes that are
 * not a platform record fail with a message saying why.
 */
public final class AvroDeserializer implements Deserializer<SpecificRecord> {

  private static final int HEADER = 10;

  @Override
  public SpecificRecord deserialize(String topic, byte[] data) {
    if (data == null) {
      return null;
    }
    if (data.length < HEADER || data[0] != (byte) 0xC3 || data[1] != (byte) 0x01) {
      throw new SerializationException(
          "record on " + topic + " is not Avro single-object encoded (" + data.length + " bytes)");
    }
    long fingerprint = ByteBuffer.wrap(data, 2, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
    var decoder = SchemaCatalog.decoder(fingerprint);
    if (decoder == null) {
      throw new SerializationException(
          "record on "
              + topic
              + " has unknown schema fingerprint "
              + Long.toHexString(fingerprint));
    }
    try {
      return decoder.decode(data);
    } catch (IOException | RuntimeException e) {
      throw new SerializationException("corrupt record on " + topic + ": " + e.getMessage(), e);
    }
  }
}
