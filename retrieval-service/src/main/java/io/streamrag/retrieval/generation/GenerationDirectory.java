package io.streamrag.retrieval.generation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.OptionalInt;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.lucene.util.IOUtils;

/**
 * Where the generations of an on-disk index live: {@code <root>/g<N>/} each, and {@code
 * <root>/CURRENT} naming the one that serves, replaced by an atomic rename on a switch, so that a
 * crash at any moment leaves either the old or the new generation current, never neither.
 */
final class GenerationDirectory {

  private static final Pattern NAME = Pattern.compile("g(\\d+)");
  private static final String CURRENT = "CURRENT";

  private final Path root;

  /**
   * @param root the index directory ({@code retrieval.index-path}); {@code null} for temporary
   *     generations, rebuilt from the topic at every start
   */
  GenerationDirectory(Path root) {
    this.root = root;
  }

  boolean temporary() {
    return root == null;
  }

  /** The directory of generation {@code n}, or {@code null} for a temporary one. */
  Path of(int n) {
    return root == null ? null : root.resolve("g" + n);
  }

  /** The generation that served last, if any. */
  OptionalInt current() {
    if (root == null || !Files.exists(root.resolve(CURRENT))) {
      return OptionalInt.empty();
    }
    try {
      var m = NAME.matcher(Files.readString(root.resolve(CURRENT), StandardCharsets.UTF_8).strip());
      return m.matches() ? OptionalInt.of(Integer.parseInt(m.group(1))) : OptionalInt.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + root.resolve(CURRENT), e);
    }
  }

  /** The highest generation number on disk, 0 for none. */
  int highest() {
    if (root == null || !Files.isDirectory(root)) {
      return 0;
    }
    try (Stream<Path> dirs = Files.list(root)) {
      return dirs.map(d -> NAME.matcher(d.getFileName().toString()))
          .filter(java.util.regex.Matcher::matches)
          .mapToInt(m -> Integer.parseInt(m.group(1)))
          .max()
          .orElse(0);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + root, e);
    }
  }

  /** True when the root holds an index of its own, from before generations: it is not used. */
  boolean holdsAnUnusedIndex() {
    if (root == null || !Files.isDirectory(root)) {
      return false;
    }
    try (Stream<Path> files = Files.list(root)) {
      return files.anyMatch(f -> f.getFileName().toString().startsWith("segments_"));
    } catch (IOException e) {
      return false;
    }
  }

  /** Makes generation {@code n} the one that serves after a restart. */
  void makeCurrent(int n) {
    if (root == null) {
      return;
    }
    try {
      Files.createDirectories(root);
      Path next = root.resolve(CURRENT + ".next");
      Files.writeString(next, "g" + n + "\n", StandardCharsets.UTF_8);
      Files.move(
          next,
          root.resolve(CURRENT),
          StandardCopyOption.ATOMIC_MOVE,
          StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot switch " + root + " to generation " + n, e);
    }
  }

  /** Deletes generation {@code n}'s files (a retired generation, or a build that failed). */
  void delete(int n) {
    Path dir = of(n);
    if (dir != null && Files.exists(dir)) {
      try {
        IOUtils.rm(dir);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot delete " + dir, e);
      }
    }
  }
}
