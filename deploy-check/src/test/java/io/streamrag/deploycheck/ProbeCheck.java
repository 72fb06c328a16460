package io.streamrag.deploycheck;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Service;
import io.streamrag.kit.management.ManagementPort;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The probes ask what the service answers: its actuator liveness and readiness groups (configured
 * in its yml files) on the actuator's own port (the default of ${PORT} + {@link
 * ManagementPort#OFFSET}, named management), which Prometheus scrapes and no Service exposes; a
 * Service reaches the service's port (named http, or https where it serves TLS itself).
 */
final class ProbeCheck {

  static final String LIVENESS = "/actuator/health/liveness";
  static final String READINESS = "/actuator/health/readiness";
  static final String MANAGEMENT = "management";
  static final List<String> SERVED = List.of("http", "https");

  /** A port given by one of these names, or by its number. */
  static boolean is(IntOrString target, List<String> names, int number) {
    return target != null
        && (target.getStrVal() != null && names.contains(target.getStrVal())
            || target.getIntVal() != null && target.getIntVal() == number);
  }

  private ProbeCheck() {}

  static List<String> problems(Rendered r, Map<String, ServiceConfig> services) {
    var problems = new ArrayList<String>();
    for (var deployed : r.deployed(services)) {
      probesAndPorts(r, deployed, problems);
    }
    return problems;
  }

  /** The ports and probes of a deployed service's workload, and the Services that reach it. */
  private static void probesAndPorts(
      Rendered r, Rendered.Deployed deployed, List<String> problems) {
    String service = deployed.service();
    ServiceConfig config = deployed.config();
    var workload = deployed.workload();
    var app = workload.app();
    int servicePort = config.port();
    int port = servicePort + ManagementPort.OFFSET;
    var http = app.getPorts().stream().filter(p -> SERVED.contains(p.getName())).findFirst();
    if (http.isEmpty() || http.get().getContainerPort() != servicePort) {
      problems.add(
          service
              + " listens on "
              + servicePort
              + " (${PORT}), its port named http(s) is "
              + http.map(p -> p.getContainerPort()).orElse(null));
    }
    var management =
        app.getPorts().stream().filter(p -> MANAGEMENT.equals(p.getName())).findFirst();
    if (management.isEmpty() || management.get().getContainerPort() != port) {
      problems.add(
          service
              + "'s actuator listens on "
              + port
              + ", its port named management is "
              + management.map(p -> p.getContainerPort()).orElse(null));
    }
    app.getEnv().stream()
        .filter(e -> e.getName().equals("PORT") && !String.valueOf(port).equals(e.getValue()))
        .forEach(e -> problems.add(service + " sets PORT, which the probes do not follow"));
    problems.addAll(probe(service, "startupProbe", app.getStartupProbe(), LIVENESS, port));
    problems.addAll(probe(service, "livenessProbe", app.getLivenessProbe(), LIVENESS, port));
    problems.addAll(probe(service, "readinessProbe", app.getReadinessProbe(), READINESS, port));
    if (!config.at("management.endpoint.health.probes.enabled").asBoolean(false)) {
      problems.add(service + ": management.endpoint.health.probes.enabled is not true");
    }
    for (String group : List.of("liveness", "readiness")) {
      if (config
          .at("management.endpoint.health.group." + group + ".include")
          .asString("")
          .isBlank()) {
        problems.add(service + ": no health group " + group + " in its yml files");
      }
    }
    String scrape =
        workload.template().getMetadata().getAnnotations() == null
            ? null
            : workload.template().getMetadata().getAnnotations().get("prometheus.io/port");
    if (scrape != null && !scrape.equals(String.valueOf(port))) {
      problems.add(service + " is scraped on " + scrape + ", its actuator listens on " + port);
    }
    if (scrape != null
        && !config
            .at("management.endpoints.web.exposure.include")
            .asString("")
            .contains("prometheus")) {
      problems.add(service + " is scraped but does not expose /actuator/prometheus");
    }
    var selecting =
        r.all(Service.class).stream()
            .filter(
                s ->
                    s.getSpec().getSelector() != null
                        && workload
                            .labels()
                            .entrySet()
                            .containsAll(s.getSpec().getSelector().entrySet()))
            .toList();
    boolean reached =
        selecting.stream()
            .flatMap(s -> s.getSpec().getPorts().stream())
            .anyMatch(p -> is(p.getTargetPort(), SERVED, servicePort));
    if (!reached) {
      problems.add(service + ": no Service targets its http(s) port");
    }
    selecting.forEach(
        s ->
            s.getSpec().getPorts().stream()
                .filter(p -> is(p.getTargetPort(), List.of(MANAGEMENT), port))
                .forEach(
                    p ->
                        problems.add(
                            "Service "
                                + s.getMetadata().getName()
                                + " exposes "
                                + service
                                + "'s actuator")));
  }

  private static List<String> probe(
      String service, String kind, Probe probe, String path, int port) {
    if (probe == null || probe.getHttpGet() == null) {
      return List.of(service + " has no HTTP " + kind);
    }
    var get = probe.getHttpGet();
    var problems = new ArrayList<String>();
    if (!path.equals(get.getPath())) {
      problems.add(service + " " + kind + " asks " + get.getPath() + ", not " + path);
    }
    var target = get.getPort();
    boolean portMatches = is(target, List.of(MANAGEMENT), port);
    if (!portMatches) {
      Object asked =
          target == null
              ? null
              : target.getIntVal() != null ? target.getIntVal() : target.getStrVal();
      problems.add(
          service + " " + kind + " asks port " + asked + ", the actuator listens on " + port);
    }
    return problems;
  }
}
