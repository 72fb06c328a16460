package io.streamrag.deploycheck;

import java.util.List;

/**
 * The fields of a kustomization.yaml that {@link Kustomize} renders. A field kustomize knows but
 * this record does not fails the strict parse: the test never silently ignores what an overlay asks
 * for.
 */
record Kustomization(
    String apiVersion,
    String kind,
    String namespace,
    List<String> resources,
    List<Image> images,
    List<Replica> replicas,
    List<Patch> patches,
    List<Generator> secretGenerator,
    GeneratorOptions generatorOptions) {

  Kustomization {
    resources = resources == null ? List.of() : resources;
    images = images == null ? List.of() : images;
    replicas = replicas == null ? List.of() : replicas;
    patches = patches == null ? List.of() : patches;
    secretGenerator = secretGenerator == null ? List.of() : secretGenerator;
  }

  record Image(String name, String newName, String newTag) {}

  record Replica(String name, int count) {}

  record Patch(String path, Target target) {}

  /** Which resources a patch applies to; without one, the patch's own kind and name. */
  record Target(String kind, String name, String labelSelector) {}

  /**
   * A Secret from env files ({@code KEY=value} lines) and whole files (the file name is the key).
   */
  record Generator(String name, List<String> envs, List<String> files) {
    Generator {
      envs = envs == null ? List.of() : envs;
      files = files == null ? List.of() : files;
    }
  }

  record GeneratorOptions(Boolean disableNameSuffixHash) {}
}
