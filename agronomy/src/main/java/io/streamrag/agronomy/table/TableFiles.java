package io.streamrag.agronomy.table;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Table files from a folder on disk, e.g. {@code demo-knowledge/irrigation/tables}. */
public final class TableFiles {

  private TableFiles() {}

  /** Every {@code .csv} file of {@code folder}, its UTF-8 text by file name. */
  public static Map<String, String> read(Path folder) {
    var files = new TreeMap<String, String>();
    try (Stream<Path> paths = Files.list(folder)) {
      for (Path path : paths.filter(p -> p.toString().endsWith(".csv")).toList()) {
        files.put(path.getFileName().toString(), Files.readString(path, StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the tables of " + folder, e);
    }
    return files;
  }
}
