package io.streamrag.postgreslocal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UnfinishedUnpackingTest {

  @TempDir Path work;

  @Test
  void anUnpackingThatDiedHalfWayIsDeletedAndAFinishedOneKept() throws IOException {
    // Given one directory unpacked to the end (marked) and one left half-way (a file, no mark)
    Path finished = Files.createDirectories(work.resolve("PG-aaaa/lib"));
    Files.createFile(work.resolve("PG-aaaa/.exists"));
    Path unfinished = Files.createDirectories(work.resolve("PG-bbbb/lib"));
    Files.writeString(unfinished.resolve("libicudata.so"), "half");
    Path other = Files.createDirectories(work.resolve("not-ours"));

    // When a start looks at the working directory
    var deleted = UnfinishedUnpacking.forget(work);

    // Then only the unfinished one is gone, so the next unpacking starts clean
    assertThat(deleted).containsExactly(work.resolve("PG-bbbb"));
    assertThat(work.resolve("PG-bbbb")).doesNotExist();
    assertThat(finished).exists();
    assertThat(other).exists();
  }

  @Test
  void anUnpackingInProgressIsLeftAlone() throws IOException {
    // Given a directory without its mark whose lock an unpacking holds right now
    Path dir = Files.createDirectories(work.resolve("PG-cccc"));
    try (var channel =
            FileChannel.open(
                dir.resolve("epg-lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        var lock = channel.lock()) {
      // When a start looks at the working directory
      var deleted = UnfinishedUnpacking.forget(work);

      // Then it is not touched
      assertThat(deleted).isEmpty();
      assertThat(dir).exists();
    }
  }

  @Test
  void noWorkingDirectoryYetIsNothingToDo() {
    assertThat(UnfinishedUnpacking.forget(work.resolve("absent"))).isEmpty();
  }
}
