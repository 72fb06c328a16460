package io.streamrag.deploycheck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/** The repository around this module: where the manifests, the services and the images live. */
final class Repo {

  static final Path ROOT =
      Path.of(System.getProperty("basedir", System.getProperty("user.dir")))
          .toAbsolutePath()
          .getParent();
  static final Path K8S = ROOT.resolve("deploy/k8s");
  static final List<String> OVERLAYS = List.of("dev", "prod");

  private static final Pattern SERVICES = Pattern.compile("(?m)^services=\\(([^)]*)\\)");

  private Repo() {}

  static Path overlay(String name) {
    return K8S.resolve("overlays").resolve(name);
  }

  /** The services deploy/build-images.sh builds an image of ({@code services=(...)}). */
  static List<String> services() {
    var m = SERVICES.matcher(read(ROOT.resolve("deploy/build-images.sh")));
    if (!m.find()) {
      throw new IllegalStateException("no services=(...) in deploy/build-images.sh");
    }
    return Arrays.stream(m.group(1).trim().split("\\s+")).toList();
  }

  /** The image deploy/build-images.sh tags for a name, without the tag. */
  static String image(String name) {
    return "localhost/streamrag-" + name;
  }

  /** The default of ${STREAMRAG_TAG:-dev} in deploy/build-images.sh. */
  static String imageTag() {
    var m =
        Pattern.compile("tag=\\$\\{STREAMRAG_TAG:-([^}]+)}")
            .matcher(read(ROOT.resolve("deploy/build-images.sh")));
    if (!m.find()) {
      throw new IllegalStateException("no tag=${STREAMRAG_TAG:-...} in deploy/build-images.sh");
    }
    return m.group(1);
  }

  static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
