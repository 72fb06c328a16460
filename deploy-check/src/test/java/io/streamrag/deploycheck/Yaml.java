package io.streamrag.deploycheck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/** YAML in and out, as strict as Jackson allows: unknown fields and scalar coercions fail. */
final class Yaml {

  static final YAMLMapper MAPPER =
      YAMLMapper.builder()
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
          .annotationIntrospector(new CertManagerModel())
          .build();

  private Yaml() {}

  /** Every document of a file; a document that is not a mapping fails. */
  static List<ObjectNode> documents(Path file) {
    try (var parser = MAPPER.createParser(Files.readString(file))) {
      return MAPPER.readValues(parser, JsonNode.class).readAll().stream()
          .filter(node -> !node.isNull() && !node.isMissingNode())
          .map(
              node -> {
                if (!(node instanceof ObjectNode object)) {
                  throw new IllegalArgumentException(file + ": a document is not a mapping");
                }
                return object;
              })
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The one document of a file. */
  static ObjectNode document(Path file) {
    var all = documents(file);
    if (all.size() != 1) {
      throw new IllegalArgumentException(file + " holds " + all.size() + " documents, not one");
    }
    return all.get(0);
  }
}
