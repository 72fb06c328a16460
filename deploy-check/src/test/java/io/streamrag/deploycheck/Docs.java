package io.streamrag.deploycheck;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Finding and changing rendered resources, for the tests that show each check can fail. */
final class Docs {

  private Docs() {}

  static ObjectNode find(List<ObjectNode> docs, String kind, String name) {
    return docs.stream()
        .filter(d -> d.path("kind").asString().equals(kind))
        .filter(d -> d.path("metadata").path("name").asString().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + kind + " " + name));
  }

  /** The first container of a workload's pod template. */
  static ObjectNode container(List<ObjectNode> docs, String kind, String name) {
    return (ObjectNode)
        find(docs, kind, name).path("spec").path("template").path("spec").path("containers").get(0);
  }

  /** The env entry of that container with this name. */
  static ObjectNode env(List<ObjectNode> docs, String kind, String name, String variable) {
    for (var e : (ArrayNode) container(docs, kind, name).get("env")) {
      if (e.path("name").asString().equals(variable)) {
        return (ObjectNode) e;
      }
    }
    throw new AssertionError(name + " sets no " + variable);
  }

  /** The configuration of every service build-images.sh builds. */
  static Map<String, ServiceConfig> services() {
    return Repo.services().stream()
        .collect(Collectors.toMap(Function.identity(), ServiceConfig::of));
  }
}
