package io.streamrag.postgreslocal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * zonky unpacks the PostgreSQL binaries once per machine into {@code <working dir>/PG-<digest>} and
 * marks the directory finished with a {@code .exists} file. An unpacking that died half-way
 * (killed, out of memory) leaves the directory without the mark, and every later start fails on its
 * first file ({@code FileAlreadyExistsException}) until someone deletes it by hand. This deletes
 * such a directory first, unless another process holds its unpacking lock ({@code epg-lock}) right
 * now.
 */
final class UnfinishedUnpacking {

  private static final Logger log = LoggerFactory.getLogger(UnfinishedUnpacking.class);

  private UnfinishedUnpacking() {}

  /** zonky's working directory: {@code ot.epg.working-dir}, else {@code <tmpdir>/embedded-pg}. */
  static Path workingDirectory() {
    return Path.of(
        System.getProperty(
            "ot.epg.working-dir",
            Path.of(System.getProperty("java.io.tmpdir"), "embedded-pg").toString()));
  }

  /** Deletes each unfinished, unlocked {@code PG-*} directory; returns the ones deleted. */
  static List<Path> forget(Path workingDirectory) {
    if (!Files.isDirectory(workingDirectory)) {
      return List.of();
    }
    try (Stream<Path> dirs = Files.list(workingDirectory)) {
      List<Path> deleted =
          dirs.filter(d -> d.getFileName().toString().startsWith("PG-"))
              .filter(Files::isDirectory)
              .filter(d -> !Files.exists(d.resolve(".exists")))
              .filter(UnfinishedUnpacking::nobodyUnpacks)
              .toList();
      for (Path d : deleted) {
        log.warn("deleting {}: an earlier unpacking of the PostgreSQL binaries did not finish", d);
        deleteTree(d);
      }
      return deleted;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + workingDirectory, e);
    }
  }

  private static boolean nobodyUnpacks(Path dir) {
    try (var channel =
            FileChannel.open(
                dir.resolve("epg-lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        var lock = channel.tryLock()) {
      return lock != null;
    } catch (OverlappingFileLockException e) {
      return false; // this very JVM unpacks it
    } catch (IOException e) {
      return false;
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
