package io.streamrag.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.schemas.sensor.SensorReadingReceived;
import io.streamrag.schemas.serde.SchemaCatalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.junit.jupiter.api.Test;

/**
 * A schema change must be backward compatible: the current schema reads every record written with
 * any past version. Each version is kept in {@code src/main/resources/schema-history/}. After a
 * compatible change, run {@code ./mvnw -pl schemas test -Dschemas.snapshot=true} once to add the
 * new version there.
 */
class SchemaEvolutionTest {

  private static final Path HISTORY = Path.of("src/main/resources");

  @Test
  void everyCurrentSchemaReadsAllItsPastVersions() {
    var problems = new ArrayList<String>();
    for (Class<?> type : Topics.recordTypes()) {
      Schema current = SchemaCatalog.current(type);
      for (Schema past : SchemaCatalog.history(type)) {
        problems.addAll(incompatibilities(current, past));
      }
    }
    assertThat(problems).as("backward-incompatible schema changes").isEmpty();
  }

  @Test
  void theNewestVersionInHistoryIsTheCurrentSchema() throws IOException {
    var missing = new ArrayList<String>();
    for (Class<?> type : Topics.recordTypes()) {
      Schema current = SchemaCatalog.current(type);
      List<Schema> history = SchemaCatalog.history(type);
      boolean snapshotted =
          !history.isEmpty()
              && SchemaCatalog.fingerprint(history.get(history.size() - 1))
                  == SchemaCatalog.fingerprint(current);
      if (!snapshotted) {
        String path = SchemaCatalog.historyPath(current.getFullName(), history.size() + 1);
        if (Boolean.getBoolean("schemas.snapshot")) {
          Path file = HISTORY.resolve(path);
          Files.createDirectories(file.getParent());
          Files.writeString(file, current.toString(true) + "\n");
        } else {
          missing.add(path);
        }
      }
    }
    assertThat(missing)
        .as("schemas changed without a history snapshot; run with -Dschemas.snapshot=true")
        .isEmpty();
  }

  @Test
  void addingARequiredFieldWithoutDefaultIsCaught() {
    Schema current = SchemaCatalog.current(SensorReadingReceived.class);
    String json = current.toString();
    String changed =
        json.replace("\"fields\":[", "\"fields\":[{\"name\":\"firmware\",\"type\":\"string\"},");
    Schema next = new Schema.Parser().parse(changed);

    assertThat(incompatibilities(next, current)).singleElement().asString().contains("firmware");
  }

  @Test
  void addingAnOptionalFieldWithDefaultIsAccepted() {
    Schema current = SchemaCatalog.current(SensorReadingReceived.class);
    String changed =
        current
            .toString()
            .replace(
                "\"fields\":[",
                "\"fields\":[{\"name\":\"firmware\",\"type\":[\"null\",\"string\"],\"default\":null},");

    assertThat(incompatibilities(new Schema.Parser().parse(changed), current)).isEmpty();
  }

  private static List<String> incompatibilities(Schema reader, Schema writer) {
    var result = SchemaCompatibility.checkReaderWriterCompatibility(reader, writer).getResult();
    return result.getIncompatibilities().stream()
        .map(i -> reader.getName() + ": " + i.getMessage() + " at " + i.getLocation())
        .toList();
  }
}
