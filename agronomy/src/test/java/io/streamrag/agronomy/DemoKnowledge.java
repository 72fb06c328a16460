package io.streamrag.agronomy;

import io.streamrag.agronomy.table.TableFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** The tables as shipped in ingest-service's demo knowledge folder: tests run on the real data. */
public final class DemoKnowledge {

  private DemoKnowledge() {}

  /** The demo-knowledge folder, from this module's directory (where Surefire runs). */
  public static Path root() {
    Path root = Path.of("../ingest-service/src/main/resources/demo-knowledge");
    if (!Files.isDirectory(root)) {
      throw new IllegalStateException("run from the agronomy module: no " + root.toAbsolutePath());
    }
    return root;
  }

  public static Map<String, String> irrigationFiles() {
    return TableFiles.read(root().resolve("irrigation/tables"));
  }

  public static Map<String, String> fertilizationFiles() {
    return TableFiles.read(root().resolve("fertilization/tables"));
  }
}
