package io.streamrag.deploycheck;

import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Service;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The probes ask what the service answers: its actuator liveness and readiness groups (configured
 * in its yml files) on the port it listens on (the default of ${PORT}), and a Service reaches that
 * port.
 */
final class ProbeCheck {

  static final String LIVENESS = "/actuator/health/liveness";
  static final String READINESS = "/actuator/health/readiness";

  private ProbeCheck() {}

  static List<String> problems(Rendered r, Map<String, ServiceConfig> services) {
    var problems = new ArrayList<String>();
    services.forEach(
        (service, config) -> {
          var workload = r.service(service);
          if (workload.isEmpty()) {
            return; // EnvCheck names it
          }
          var app = workload.get().app();
          int port = config.port();
          var http = app.getPorts().stream().filter(p -> "http".equals(p.getName())).findFirst();
          if (http.isEmpty() || http.get().getContainerPort() != port) {
            problems.add(
                service
                    + " listens on "
                    + port
                    + " (${PORT}), its port named http is "
                    + http.map(p -> p.getContainerPort()).orElse(null));
          }
          app.getEnv().stream()
              .filter(e -> e.getName().equals("PORT") && !String.valueOf(port).equals(e.getValue()))
              .forEach(e -> problems.add(service + " sets PORT, which the probes do not follow"));
          problems.addAll(probe(service, "startupProbe", app.getStartupProbe(), LIVENESS, port));
          problems.addAll(probe(service, "livenessProbe", app.getLivenessProbe(), LIVENESS, port));
          problems.addAll(
              probe(service, "readinessProbe", app.getReadinessProbe(), READINESS, port));
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
              workload.get().template().getMetadata().getAnnotations() == null
                  ? null
                  : workload
                      .get()
                      .template()
                      .getMetadata()
                      .getAnnotations()
                      .get("prometheus.io/port");
          if (scrape != null && !scrape.equals(String.valueOf(port))) {
            problems.add(service + " is scraped on " + scrape + ", it listens on " + port);
          }
          if (scrape != null
              && !config
                  .at("management.endpoints.web.exposure.include")
                  .asString("")
                  .contains("prometheus")) {
            problems.add(service + " is scraped but does not expose /actuator/prometheus");
          }
          boolean reached =
              r.all(Service.class).stream()
                  .anyMatch(
                      s ->
                          s.getSpec().getSelector() != null
                              && workload
                                  .get()
                                  .labels()
                                  .entrySet()
                                  .containsAll(s.getSpec().getSelector().entrySet())
                              && s.getSpec().getPorts().stream()
                                  .anyMatch(
                                      p ->
                                          p.getTargetPort() != null
                                              && "http".equals(p.getTargetPort().getStrVal())));
          if (!reached) {
            problems.add(service + ": no Service targets its http port");
          }
        });
    return problems;
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
    boolean portMatches =
        target != null
            && ("http".equals(target.getStrVal())
                || (target.getIntVal() != null && target.getIntVal() == port));
    if (!portMatches) {
      Object asked =
          target == null
              ? null
              : target.getIntVal() != null ? target.getIntVal() : target.getStrVal();
      problems.add(
          service + " " + kind + " asks port " + asked + ", the service listens on " + port);
    }
    return problems;
  }
}
