package io.streamrag.deploycheck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The part of kustomize our overlays use, rendered in Java so the checks need no binary: resources
 * (files and directories), strategic-merge patches, replicas, images, Secret generators without
 * name hashes, and the namespace. {@code ManifestsTest} compares it with {@code kubectl kustomize}
 * where that is installed.
 */
final class Kustomize {

  /**
   * List fields of the built-in kinds merged item by item, by this key; other lists are replaced.
   */
  private static final Map<String, String> MERGE_KEYS =
      Map.of(
          "containers", "name",
          "initContainers", "name",
          "env", "name",
          "volumes", "name",
          "volumeMounts", "mountPath",
          "ports", "containerPort");

  private static final Set<String> CLUSTER_SCOPED = Set.of("Namespace");

  private Kustomize() {}

  /** The kustomization.yaml of a directory, parsed strictly. */
  static Kustomization kustomization(Path dir) {
    return Yaml.MAPPER.treeToValue(
        Yaml.document(dir.resolve("kustomization.yaml")), Kustomization.class);
  }

  /** The resources a directory's kustomization.yaml renders to. */
  static List<ObjectNode> render(Path dir) {
    var k = kustomization(dir);
    var out = new ArrayList<ObjectNode>();
    for (String resource : k.resources()) {
      Path path = dir.resolve(resource).normalize();
      out.addAll(Files.isDirectory(path) ? render(path) : Yaml.documents(path));
    }
    boolean hashed =
        k.generatorOptions() == null
            || !Boolean.TRUE.equals(k.generatorOptions().disableNameSuffixHash());
    if (hashed && !k.secretGenerator().isEmpty()) {
      throw new IllegalArgumentException(dir + ": generated names are hashed, not rendered here");
    }
    for (var generator : k.secretGenerator()) {
      out.add(secret(dir, generator));
    }
    for (var patch : k.patches()) {
      patch(dir, patch, out);
    }
    for (var replica : k.replicas()) {
      var targets = select(out, null, replica.name(), null);
      targets.removeIf(
          r -> !Set.of("Deployment", "StatefulSet").contains(r.path("kind").asString()));
      require(!targets.isEmpty(), dir + ": replicas of " + replica.name() + " match nothing");
      targets.forEach(r -> ((ObjectNode) r.get("spec")).put("replicas", replica.count()));
    }
    for (var image : k.images()) {
      require(retag(out, image) > 0, dir + ": image " + image.name() + " matches no container");
    }
    if (k.namespace() != null) {
      out.stream()
          .filter(r -> !CLUSTER_SCOPED.contains(r.path("kind").asString()))
          .forEach(r -> ((ObjectNode) r.get("metadata")).put("namespace", k.namespace()));
    }
    return out;
  }

  private static void patch(Path dir, Kustomization.Patch patch, List<ObjectNode> out) {
    var doc = Yaml.document(dir.resolve(patch.path()));
    var t = patch.target();
    var targets =
        t == null
            ? select(
                out,
                doc.path("kind").asString(),
                doc.path("metadata").path("name").asString(),
                null)
            : select(out, t.kind(), t.name(), t.labelSelector());
    require(!targets.isEmpty(), dir + ": patch " + patch.path() + " matches nothing");
    var body = doc.deepCopy();
    body.remove(List.of("apiVersion", "kind", "metadata"));
    for (var target : targets) {
      merge(target, body, builtIn(target));
    }
  }

  private static List<ObjectNode> select(
      List<ObjectNode> all, String kind, String name, String labelSelector) {
    var out = new ArrayList<ObjectNode>();
    for (var r : all) {
      boolean matches =
          (kind == null || kind.equals(r.path("kind").asString()))
              && (name == null || name.equals(r.path("metadata").path("name").asString()))
              && (labelSelector == null || labelled(r, labelSelector));
      if (matches) {
        out.add(r);
      }
    }
    return out;
  }

  /** Equality selectors only ({@code a=b,c=d}), which is all our overlays use. */
  private static boolean labelled(ObjectNode r, String selector) {
    var labels = r.path("metadata").path("labels");
    for (String term : selector.split(",")) {
      String[] kv = term.split("=", 2);
      require(kv.length == 2, "only equality label selectors are rendered: " + selector);
      if (!kv[1].trim().equals(labels.path(kv[0].trim()).asString(null))) {
        return false;
      }
    }
    return true;
  }

  private static boolean builtIn(ObjectNode r) {
    String apiVersion = r.path("apiVersion").asString();
    return !apiVersion.contains(".") || apiVersion.contains(".k8s.io/");
  }

  /** A strategic merge: maps merge, keyed lists of built-in kinds merge by key, a null deletes. */
  static void merge(ObjectNode target, ObjectNode patch, boolean builtIn) {
    for (var field : patch.properties()) {
      String name = field.getKey();
      JsonNode value = field.getValue();
      JsonNode current = target.get(name);
      if (value.isNull()) {
        target.remove(name);
      } else if (value instanceof ObjectNode p && current instanceof ObjectNode c) {
        merge(c, p, builtIn);
      } else if (builtIn
          && MERGE_KEYS.containsKey(name)
          && value instanceof ArrayNode p
          && current instanceof ArrayNode c) {
        target.set(name, mergeList(c, p, MERGE_KEYS.get(name)));
      } else {
        target.set(name, value.deepCopy());
      }
    }
  }

  /**
   * As kustomize does: items only in the patch first, then the target's, each merged with its
   * match.
   */
  private static ArrayNode mergeList(ArrayNode target, ArrayNode patch, String key) {
    var out = target.arrayNode();
    var merged = new java.util.HashSet<String>();
    for (var item : target) {
      for (var p : patch) {
        if (p.path(key).asString().equals(item.path(key).asString())) {
          merged.add(p.path(key).asString());
        }
      }
    }
    for (var p : patch) {
      if (!merged.contains(p.path(key).asString())) {
        out.add(p.deepCopy());
      }
    }
    for (var item : target) {
      var copy = (ObjectNode) item.deepCopy();
      for (var p : patch) {
        if (p.path(key).asString().equals(item.path(key).asString())) {
          merge(copy, (ObjectNode) p, true);
        }
      }
      out.add(copy);
    }
    return out;
  }

  private static int retag(List<ObjectNode> all, Kustomization.Image image) {
    int count = 0;
    for (var r : all) {
      var pod = r.path("spec").path("template").path("spec");
      for (String list : List.of("containers", "initContainers")) {
        for (var container : pod.path(list)) {
          String ref = container.path("image").asString();
          int colon = ref.lastIndexOf(':');
          boolean tagged = colon > ref.lastIndexOf('/');
          String name = tagged ? ref.substring(0, colon) : ref;
          String tag = tagged ? ref.substring(colon + 1) : null;
          if (name.equals(image.name())) {
            String newName = image.newName() == null ? name : image.newName();
            String newTag = image.newTag() == null ? tag : image.newTag();
            ((ObjectNode) container)
                .put("image", newTag == null ? newName : newName + ":" + newTag);
            count++;
          }
        }
      }
    }
    return count;
  }

  /**
   * A generated Secret. A file the operator keeps out of git is read from its committed {@code
   * .example} when it is missing, so the keys the workloads name are still checked.
   */
  private static ObjectNode secret(Path dir, Kustomization.Generator generator) {
    var secret = Yaml.MAPPER.createObjectNode();
    secret.put("apiVersion", "v1");
    secret.put("kind", "Secret");
    secret.putObject("metadata").put("name", generator.name());
    secret.put("type", "Opaque");
    var data = secret.putObject("data");
    for (String env : generator.envs()) {
      for (String line : read(dir.resolve(env)).split("\n")) {
        if (!line.isBlank() && !line.startsWith("#")) {
          String[] kv = line.split("=", 2);
          require(kv.length == 2, env + ": not KEY=value: " + line);
          data.put(kv[0], base64(kv[1]));
        }
      }
    }
    for (String file : generator.files()) {
      data.put(Path.of(file).getFileName().toString(), base64(read(dir.resolve(file))));
    }
    return secret;
  }

  private static String read(Path file) {
    Path source = Files.exists(file) ? file : file.resolveSibling(file.getFileName() + ".example");
    try {
      return Files.readString(source);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String base64(String value) {
    return Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8));
  }

  private static void require(boolean condition, String message) {
    if (!condition) {
      throw new IllegalArgumentException(message);
    }
  }
}
