package io.streamrag.schemas.serde;

import io.streamrag.schemas.Topics;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.message.BinaryMessageDecoder;
import org.apache.avro.message.BinaryMessageEncoder;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;
import org.apache.avro.util.ClassSecurityValidator;

/**
 * Every schema the platform has ever written, current and past, so that any record on any topic can
 * be read without a schema-registry server. Past versions live in {@code schema-history/<full
 * name>/v<n>.avsc}; the newest one equals the current schema.
 */
public final class SchemaCatalog {

  private static final String TRUSTED_PACKAGE = "io.streamrag.schemas.";
  private static final Map<Long, BinaryMessageDecoder<SpecificRecord>> DECODERS = new HashMap<>();
  private static final Map<Class<?>, BinaryMessageEncoder<SpecificRecord>> ENCODERS =
      new HashMap<>();

  static {
    // Avro 1.12 refuses to instantiate generated classes from untrusted packages.
    var previous = ClassSecurityValidator.getGlobal();
    ClassSecurityValidator.setGlobal(
        ClassSecurityValidator.composite(
            previous, type -> type.getName().startsWith(TRUSTED_PACKAGE)));
    for (Class<?> type : Topics.recordTypes()) {
      register(type);
    }
  }

  private SchemaCatalog() {}

  /** The encoder writing the current schema of this record class. */
  static BinaryMessageEncoder<SpecificRecord> encoder(Class<?> type) {
    var encoder = ENCODERS.get(type);
    if (encoder == null) {
      throw new IllegalArgumentException(type.getName() + " is not a record of the catalogue");
    }
    return encoder;
  }

  /** The decoder for data written with the schema of this fingerprint, or {@code null}. */
  static BinaryMessageDecoder<SpecificRecord> decoder(long fingerprint) {
    return DECODERS.get(fingerprint);
  }

  /** The current schema of a generated record class. */
  public static Schema current(Class<?> type) {
    return SpecificData.get().getSchema(type);
  }

  /** The past versions of a record's schema, oldest first, as kept in {@code schema-history/}. */
  public static List<Schema> history(Class<?> type) {
    var versions = new ArrayList<Schema>();
    for (int v = 1; ; v++) {
      String path = historyPath(current(type).getFullName(), v);
      try (InputStream in = SchemaCatalog.class.getClassLoader().getResourceAsStream(path)) {
        if (in == null) {
          return versions;
        }
        versions.add(new Schema.Parser().parse(in));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + path, e);
      }
    }
  }

  /** Where version {@code v} of a schema is kept on the classpath. */
  public static String historyPath(String fullName, int v) {
    return "schema-history/" + fullName + "/v" + v + ".avsc";
  }

  /** The 64-bit fingerprint that single-object encoding writes in each record's header. */
  public static long fingerprint(Schema schema) {
    return SchemaNormalization.parsingFingerprint64(schema);
  }

  @SuppressWarnings("unchecked")
  private static void register(Class<?> type) {
    Schema schema = current(type);
    SpecificData model = SpecificData.getForClass(type);
    var decoder = new BinaryMessageDecoder<SpecificRecord>(model, schema);
    DECODERS.put(fingerprint(schema), decoder);
    for (Schema past : history(type)) {
      decoder.addSchema(past);
      DECODERS.put(fingerprint(past), decoder);
    }
    ENCODERS.put(type, new BinaryMessageEncoder<>(model, schema));
  }
}
