package io.streamrag.deploycheck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a service reads from its environment and how it is wired, from its own sources: its {@code
 * <service>.yml} and profile files, the platform-kit files they import, its Containerfile, and the
 * consumer groups of its bindings and listeners.
 *
 * @param service the service's name
 * @param documents its configuration files, the service's own and the imported ones
 * @param placeholders every {@code ${VAR}} or {@code ${VAR:default}} in them: the variable and its
 *     default, or null when it has none
 * @param imageEnv the variables its Containerfile sets (ENV)
 * @param groups its consumer groups and the topics each reads
 */
record ServiceConfig(
    String service,
    List<ObjectNode> documents,
    Map<String, String> placeholders,
    Set<String> imageEnv,
    Map<String, Set<String>> groups) {

  /** Marks a placeholder without a default while they are collected. */
  private static final String NONE = "\0";

  private static final Pattern PLACEHOLDER =
      Pattern.compile("\\$\\{([A-Z][A-Z0-9_]*)(?::([^}]*))?}");
  private static final Pattern LISTENER = Pattern.compile("@KafkaListener\\(([^)]*)\\)");
  private static final Pattern ENV = Pattern.compile("(?m)^ENV\\s+((?:.*\\\\\\n)*.*)$");
  private static final Pattern ENV_NAME = Pattern.compile("(?:^|\\s)([A-Z][A-Z0-9_]*)=");

  static ServiceConfig of(String service) {
    Path resources = Repo.ROOT.resolve(service).resolve("src/main/resources");
    var files = new ArrayList<Path>();
    files.add(resources.resolve(service + ".yml"));
    files.addAll(profileFiles(resources, service));
    var documents = new ArrayList<ObjectNode>();
    files.forEach(f -> documents.addAll(Yaml.documents(f)));
    for (String imported : imports(documents.get(0))) {
      documents.addAll(Yaml.documents(resolveClasspath(resources, imported)));
    }
    var placeholders = new TreeMap<String, String>();
    documents.forEach(d -> placeholders(d, placeholders));
    placeholders.replaceAll((name, fallback) -> NONE.equals(fallback) ? null : fallback);
    return new ServiceConfig(
        service, documents, placeholders, imageEnv(service), groups(service, documents));
  }

  /** The variables read with no default: a Deployment must set every one. */
  Set<String> required() {
    var out = new TreeSet<String>();
    placeholders.forEach(
        (name, fallback) -> {
          if (fallback == null) {
            out.add(name);
          }
        });
    return out;
  }

  /** The default of server.port, {@code ${PORT:8080}}. */
  int port() {
    return Integer.parseInt(placeholders.get("PORT"));
  }

  /** The value at a dotted path in the first document that has it. */
  JsonNode at(String path) {
    for (var doc : documents) {
      JsonNode node = doc;
      for (String part : path.split("\\.")) {
        node = node.path(part);
      }
      if (!node.isMissingNode()) {
        return node;
      }
    }
    return tools.jackson.databind.node.MissingNode.getInstance();
  }

  private static List<Path> profileFiles(Path resources, String service) {
    try (Stream<Path> files = Files.list(resources)) {
      return files
          .filter(f -> f.getFileName().toString().matches(Pattern.quote(service) + "-.+\\.yml"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> imports(ObjectNode doc) {
    String value = doc.path("spring").path("config").path("import").asString("");
    return value.isBlank() ? List.of() : List.of(value.split(","));
  }

  private static Path resolveClasspath(Path resources, String location) {
    String name = location.trim().replaceFirst("^classpath:", "");
    Path own = resources.resolve(name);
    return Files.exists(own)
        ? own
        : Repo.ROOT.resolve("platform-kit/src/main/resources").resolve(name);
  }

  private static void placeholders(JsonNode node, Map<String, String> out) {
    if (node.isString()) {
      var m = PLACEHOLDER.matcher(node.asString());
      while (m.find()) {
        // one use without a default is enough to make the variable required
        out.merge(
            m.group(1),
            m.group(2) == null ? NONE : m.group(2),
            (a, b) -> NONE.equals(a) || NONE.equals(b) ? NONE : a);
      }
    }
    node.values().forEach(child -> placeholders(child, out));
  }

  /** The variables the services' one Containerfile sets: the same for every service. */
  private static Set<String> imageEnv(String service) {
    String containerfile = Repo.read(Repo.ROOT.resolve("deploy/images/service/Containerfile"));
    var out = new TreeSet<String>();
    var m = ENV.matcher(containerfile);
    while (m.find()) {
      var names = ENV_NAME.matcher(m.group(1));
      while (names.find()) {
        out.add(names.group(1));
      }
    }
    return out;
  }

  /**
   * Binding groups and their destinations, other groups named in the yml, @KafkaListener groups.
   */
  private static Map<String, Set<String>> groups(String service, List<ObjectNode> documents) {
    var out = new LinkedHashMap<String, Set<String>>();
    var bindings = documents.get(0).path("spring").path("cloud").path("stream").path("bindings");
    for (var binding : bindings.values()) {
      if (binding.has("group")) {
        out.computeIfAbsent(binding.path("group").asString(), g -> new TreeSet<>())
            .addAll(List.of(binding.path("destination").asString().split(",")));
      }
    }
    try (Stream<Path> sources = Files.walk(Repo.ROOT.resolve(service).resolve("src/main/java"))) {
      for (Path source : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
        var m = LISTENER.matcher(Repo.read(source));
        while (m.find()) {
          String group = attribute(m.group(1), "groupId");
          if (group != null) {
            out.computeIfAbsent(group, g -> new TreeSet<>()).add(attribute(m.group(1), "topics"));
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  private static String attribute(String annotation, String name) {
    var m = Pattern.compile(name + "\\s*=\\s*\"([^\"]+)\"").matcher(annotation);
    return m.find() ? m.group(1) : null;
  }
}
