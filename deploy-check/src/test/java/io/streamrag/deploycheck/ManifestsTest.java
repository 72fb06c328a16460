package io.streamrag.deploycheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.node.ObjectNode;

/** Every file under deploy/k8s parses strictly, and the overlays render. */
class ManifestsTest {

  @Test
  void everyYamlFileParsesStrictlyAgainstTheModelOfItsKind() throws IOException {
    var problems = new ArrayList<String>();
    int documents = 0;
    for (Path file : files()) {
      String name = file.getFileName().toString();
      try {
        if (name.endsWith(".example") || file.getParent().endsWith("secrets")) {
          Yaml.documents(file); // a Spring configuration file the operator fills in
          continue;
        }
        for (var doc : Yaml.documents(file)) {
          StrictModel.bind(doc);
          documents++;
        }
      } catch (RuntimeException e) {
        problems.add(Repo.K8S.relativize(file) + ": " + e.getMessage());
      }
    }
    assertThat(problems).isEmpty();
    assertThat(documents).isGreaterThan(60);
  }

  @Test
  void aMisspeltFieldFailsTheParseAtAnyDepthAndInEveryModel() {
    var docs = Rendered.base().docs();
    // given a field each model does not know, deep in a Deployment, a Strimzi and a KEDA resource
    Docs.container(docs, "Deployment", "llm-service").put("imagePullPolicyy", "Always");
    ((ObjectNode)
            Docs.find(docs, "KafkaUser", "gateway-service").path("spec").path("authorization"))
        .put("acl", "x");
    ((ObjectNode) Docs.find(docs, "ScaledObject", "llm-service").path("spec"))
        .put("maxReplicas", 3);
    // then each fails, naming the field
    assertThatThrownBy(() -> StrictModel.bind(Docs.find(docs, "Deployment", "llm-service")))
        .hasMessageContaining("imagePullPolicyy");
    assertThatThrownBy(() -> StrictModel.bind(Docs.find(docs, "KafkaUser", "gateway-service")))
        .hasMessageContaining("acl");
    assertThatThrownBy(() -> StrictModel.bind(Docs.find(docs, "ScaledObject", "llm-service")))
        .hasMessageContaining("maxReplicas");
    var kustomization = Yaml.document(Repo.overlay("prod").resolve("kustomization.yaml"));
    kustomization.putArray("patchesStrategicMerge");
    assertThatThrownBy(() -> StrictModel.bind(kustomization))
        .hasMessageContaining("patchesStrategicMerge");
  }

  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void everyFileAKustomizationNamesExists(String overlay) {
    var missing = new ArrayList<String>();
    for (Path dir : List.of(Repo.K8S.resolve("base"), Repo.overlay(overlay))) {
      var k = Kustomize.kustomization(dir);
      var named = new ArrayList<>(k.resources());
      k.patches().forEach(p -> named.add(p.path()));
      for (var generator : k.secretGenerator()) {
        // kept out of git: the committed example stands for it
        Stream.concat(generator.envs().stream(), generator.files().stream())
            .map(f -> f + ".example")
            .forEach(named::add);
      }
      named.stream()
          .filter(f -> !Files.exists(dir.resolve(f)))
          .forEach(f -> missing.add(dir + ": " + f));
    }
    assertThat(missing).isEmpty();
    assertThat(Rendered.overlay(overlay).docs()).hasSizeGreaterThan(60);
  }

  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void rendersAsKubectlKustomizeDoes(String overlay, @TempDir Path tmp) throws Exception {
    Assumptions.assumeTrue(
        onPath("kubectl"), "kubectl is not installed: the Java rendering alone is checked");
    // given a copy of deploy/k8s whose operator files are their committed examples
    Path copy = tmp.resolve("k8s");
    List<Path> all;
    try (Stream<Path> walk = Files.walk(Repo.K8S)) {
      all = walk.filter(Files::isRegularFile).toList();
    }
    for (Path file : all) {
      Path target =
          copy.resolve(Repo.K8S.relativize(file).toString().replaceFirst("\\.example$", ""));
      Files.createDirectories(target.getParent());
      if (!Files.exists(target)) {
        Files.copy(file, target);
      }
    }
    // when kubectl renders it
    var process =
        new ProcessBuilder(
                "kubectl", "kustomize", copy.resolve("overlays").resolve(overlay).toString())
            .redirectErrorStream(true)
            .start();
    String out = new String(process.getInputStream().readAllBytes());
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(out).isZero();
    Path rendered = tmp.resolve("rendered.yaml");
    Files.writeString(rendered, out);
    // then it is what the checks read
    assertThat(normalized(Yaml.documents(rendered)))
        .isEqualTo(normalized(Rendered.overlay(overlay).docs()));
  }

  /** Resources by kind and name, Secret data decoded (kustomize wraps its base64 lines). */
  private static Map<String, String> normalized(List<ObjectNode> docs) {
    var out = new TreeMap<String, String>();
    for (var doc : docs) {
      var copy = doc.deepCopy();
      if (copy.path("data").isObject() && copy.path("kind").asString().equals("Secret")) {
        var data = (ObjectNode) copy.get("data");
        for (String key : List.copyOf(data.propertyNames())) {
          data.put(key, new String(Base64.getMimeDecoder().decode(data.get(key).asString())));
        }
      }
      out.put(
          copy.path("kind").asString() + "/" + copy.path("metadata").path("name").asString(),
          sorted(copy));
    }
    return out;
  }

  private static String sorted(ObjectNode doc) {
    var mapper =
        tools.jackson.databind.json.JsonMapper.builder()
            .enable(tools.jackson.databind.cfg.EnumFeature.WRITE_ENUMS_USING_TO_STRING)
            .enable(tools.jackson.databind.SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();
    return mapper
        .writerWithDefaultPrettyPrinter()
        .writeValueAsString(mapper.convertValue(doc, Object.class));
  }

  private static List<Path> files() throws IOException {
    try (Stream<Path> all = Files.walk(Repo.K8S)) {
      return all.filter(Files::isRegularFile)
          .filter(f -> f.getFileName().toString().matches(".*\\.(yaml|yml)(\\.example)?"))
          .sorted()
          .toList();
    }
  }

  private static boolean onPath(String command) {
    return Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
        .anyMatch(dir -> Files.isExecutable(Path.of(dir, command)));
  }
}
