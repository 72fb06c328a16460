package io.streamrag.deploycheck;

import io.fabric8.kubernetes.api.model.EnvVar;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Each service's environment: every variable it reads without a default is set, and every variable
 * set is one it reads (a misspelt name would be silently ignored by the service), and every Secret
 * key an env entry names exists.
 */
final class EnvCheck {

  /**
   * Read by Spring Boot itself or by code rather than by a placeholder: the active profiles, the
   * extra configuration (config tree, additional files), and the OTLP endpoint platform-kit's
   * TracingConfiguration reads.
   */
  static final Set<String> READ_OUTSIDE_YML =
      Set.of(
          "SPRING_PROFILES_ACTIVE",
          "SPRING_CONFIG_IMPORT",
          "SPRING_CONFIG_ADDITIONAL_LOCATION",
          "SPRING_APPLICATION_JSON",
          // Spring Boot's own TLS settings (sensor-bridge's HTTPS from a mounted PEM pair)
          "SERVER_SSL_BUNDLE",
          "SERVER_SSL_ENABLED",
          "SPRING_SSL_BUNDLE_PEM_DEVICES_KEYSTORE_CERTIFICATE",
          "SPRING_SSL_BUNDLE_PEM_DEVICES_KEYSTORE_PRIVATE_KEY",
          "SPRING_SSL_BUNDLE_PEM_DEVICES_RELOAD_ON_UPDATE",
          "OTEL_EXPORTER_OTLP_ENDPOINT");

  private static final Pattern REFERENCE = Pattern.compile("\\$\\(([A-Za-z_][A-Za-z0-9_]*)\\)");

  private EnvCheck() {}

  static List<String> problems(Rendered r, Map<String, ServiceConfig> services) {
    var problems = new ArrayList<String>();
    for (String service : services.keySet()) {
      if (r.service(service).isEmpty()) {
        problems.add("no workload for " + service);
      }
    }
    for (var deployed : r.deployed(services)) {
      variables(r, deployed, problems);
    }
    return problems;
  }

  /** The variables a deployed service's workload sets: each one read, each required one set. */
  private static void variables(Rendered r, Rendered.Deployed deployed, List<String> problems) {
    String service = deployed.service();
    ServiceConfig config = deployed.config();
    var workload = deployed.workload();
    List<EnvVar> env = workload.app().getEnv();
    var set = new TreeSet<String>();
    var referenced = new TreeSet<String>();
    for (var variable : env) {
      if (!set.add(variable.getName())) {
        problems.add(service + " sets " + variable.getName() + " twice");
      }
      if (variable.getValue() != null) {
        REFERENCE.matcher(variable.getValue()).results().forEach(m -> referenced.add(m.group(1)));
      }
      problems.addAll(secretKey(r, service, variable));
    }
    problems.addAll(additionalFile(r, workload));
    for (String required : config.required()) {
      if (!set.contains(required)) {
        problems.add(service + " reads ${" + required + "} without a default, and it is not set");
      }
    }
    for (String name : set) {
      boolean read =
          config.placeholders().containsKey(name)
              || config.imageEnv().contains(name)
              || READ_OUTSIDE_YML.contains(name)
              || referenced.contains(name);
      if (!read) {
        problems.add(service + " sets " + name + ", which it never reads");
      }
    }
  }

  /** A file SPRING_CONFIG_ADDITIONAL_LOCATION names is mounted from a Secret that holds it. */
  private static List<String> additionalFile(Rendered r, Rendered.Workload workload) {
    var location =
        workload.app().getEnv().stream()
            .filter(e -> e.getName().equals("SPRING_CONFIG_ADDITIONAL_LOCATION"))
            .map(EnvVar::getValue)
            .findFirst();
    if (location.isEmpty()) {
      return List.of();
    }
    var file = java.nio.file.Path.of(location.get().replaceFirst("^file:", ""));
    for (var mount : workload.app().getVolumeMounts()) {
      if (java.nio.file.Path.of(mount.getMountPath()).equals(file.getParent())) {
        var secret =
            workload.template().getSpec().getVolumes().stream()
                .filter(v -> v.getName().equals(mount.getName()) && v.getSecret() != null)
                .map(v -> v.getSecret().getSecretName())
                .findFirst();
        var keys = secret.flatMap(name -> r.keys("Secret", name));
        if (keys.isPresent() && keys.get().contains(file.getFileName().toString())) {
          return List.of();
        }
      }
    }
    return List.of(workload.name() + ": no Secret mounted holds " + file);
  }

  private static List<String> secretKey(Rendered r, String service, EnvVar variable) {
    var from = variable.getValueFrom();
    if (from == null || from.getSecretKeyRef() == null) {
      return List.of();
    }
    var ref = from.getSecretKeyRef();
    var keys = r.keys("Secret", ref.getName());
    boolean optional = Boolean.TRUE.equals(ref.getOptional());
    if (keys.isEmpty() && !optional) {
      return List.of(service + " " + variable.getName() + ": no Secret " + ref.getName());
    }
    if (keys.isPresent() && !keys.get().contains(ref.getKey()) && !optional) {
      return List.of(
          service
              + " "
              + variable.getName()
              + ": Secret "
              + ref.getName()
              + " has no key "
              + ref.getKey());
    }
    return List.of();
  }
}
