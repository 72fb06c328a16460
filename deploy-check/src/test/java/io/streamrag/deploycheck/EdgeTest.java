package io.streamrag.deploycheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.Gateway;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRoute;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.node.ObjectNode;

/**
 * What applies on today's operators and what travels in clear: every Strimzi object on the v1 API
 * (the only one Strimzi 1.x serves) with a Kafka version it runs; the public edge a Gateway API
 * route over HTTPS with SSE's settings; the bridge's LoadBalancer TLS only.
 */
class EdgeTest {

  /**
   * The Kafka versions Strimzi 1.2.0, the current release, runs (its release notes list 4.2.0,
   * 4.2.1, 4.3.0 and 4.3.1; 1.1 dropped 4.1).
   */
  static final List<String> CURRENT_STRIMZI_KAFKA = List.of("4.2.0", "4.2.1", "4.3.0", "4.3.1");

  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void everyStrimziObjectUsesTheV1ApiAndAKafkaTheCurrentStrimziRuns(String overlay) {
    var rendered = Rendered.overlay(overlay);
    var strimzi =
        rendered.docs().stream()
            .filter(d -> d.path("apiVersion").asString().startsWith("kafka.strimzi.io/"))
            .toList();
    assertThat(strimzi).hasSizeGreaterThan(40);
    assertThat(strimzi)
        .allSatisfy(
            d -> assertThat(d.path("apiVersion").asString()).isEqualTo("kafka.strimzi.io/v1"));
    assertThat(rendered.kafka().getSpec().getKafka().getVersion()).isIn(CURRENT_STRIMZI_KAFKA);
  }

  @ParameterizedTest
  @ValueSource(strings = {"v1beta2-field", "v1beta2-version"})
  void whatOnlyTheOldApiKnewFails(String change) {
    var docs = Rendered.base().docs();
    var user = Docs.find(docs, "KafkaUser", "gateway-service");
    if (change.equals("v1beta2-field")) {
      // acls[].operation: v1beta2 only (v1 has operations)
      ((ObjectNode) user.path("spec").path("authorization").path("acls").get(0))
          .put("operation", "Read");
      assertThatThrownBy(() -> StrictModel.bind(user))
          .hasMessageContaining("operation (not in kafka.strimzi.io/v1)");
    } else {
      user.put("apiVersion", "kafka.strimzi.io/v1beta2");
      assertThatThrownBy(() -> StrictModel.bind(user)).hasMessageContaining("no model for");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void chatIsRoutedOverHttpsWithoutATimeoutAndPlainHttpOnlyRedirects(String overlay) {
    var rendered = Rendered.overlay(overlay);
    var gateway = rendered.all(Gateway.class);
    assertThat(gateway).hasSize(1);
    var listeners = gateway.get(0).getSpec().getListeners();
    var https = listeners.stream().filter(l -> l.getProtocol().equals("HTTPS")).toList();
    assertThat(https)
        .singleElement()
        .satisfies(
            l -> {
              assertThat(l.getPort()).isEqualTo(443);
              assertThat(l.getTls().getCertificateRefs()).isNotEmpty();
            });
    assertThat(gateway.get(0).getMetadata().getAnnotations())
        .containsKey("cert-manager.io/cluster-issuer");
    var routes = rendered.all(HTTPRoute.class);
    var chat =
        routes.stream()
            .filter(
                r ->
                    r.getSpec()
                        .getParentRefs()
                        .get(0)
                        .getSectionName()
                        .equals(https.get(0).getName()))
            .toList();
    assertThat(chat)
        .singleElement()
        .satisfies(
            route -> {
              var rule = route.getSpec().getRules().get(0);
              assertThat(rule.getBackendRefs())
                  .singleElement()
                  .satisfies(
                      b -> {
                        assertThat(b.getName()).isEqualTo("gateway-service");
                        assertThat(b.getPort()).isEqualTo(8080);
                      });
              // SSE: an answer streams for as long as the model writes
              assertThat(rule.getTimeouts().getRequest()).isEqualTo("0s");
              assertThat(rule.getTimeouts().getBackendRequest()).isEqualTo("0s");
            });
    // every other route on the gateway only redirects to HTTPS
    routes.stream()
        .filter(r -> !chat.contains(r))
        .flatMap(r -> r.getSpec().getRules().stream())
        .forEach(
            rule -> {
              assertThat(rule.getBackendRefs()).isNullOrEmpty();
              assertThat(rule.getFilters())
                  .singleElement()
                  .satisfies(
                      f -> assertThat(f.getRequestRedirect().getScheme()).isEqualTo("https"));
            });
    // and the route's port is the service's, not its actuator's
    var service =
        rendered.all(Service.class).stream()
            .filter(s -> s.getMetadata().getName().equals("gateway-service"))
            .findFirst()
            .orElseThrow();
    assertThat(service.getSpec().getPorts())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.getPort()).isEqualTo(8080);
              assertThat(p.getTargetPort().getStrVal()).isEqualTo("http");
            });
  }

  @Test
  void devicesReachTheBridgeOverTlsOnlyInProduction() {
    var rendered = Rendered.overlay("prod");
    var balancer =
        rendered.all(Service.class).stream()
            .filter(s -> "LoadBalancer".equals(s.getSpec().getType()))
            .toList();
    assertThat(balancer)
        .singleElement()
        .satisfies(
            s ->
                assertThat(s.getSpec().getPorts())
                    .extracting(p -> p.getPort() + "->" + p.getTargetPort().getStrVal())
                    .containsExactlyInAnyOrder("443->https", "8883->mqtts"));
    var bridge =
        rendered.all(Deployment.class).stream()
            .filter(d -> d.getMetadata().getName().equals("sensor-bridge"))
            .findFirst()
            .orElseThrow();
    var env = bridge.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv();
    assertThat(env)
        .anySatisfy(
            e -> {
              assertThat(e.getName()).isEqualTo("BRIDGE_MQTT_PORT");
              assertThat(e.getValue()).isEqualTo("-1");
            })
        .anySatisfy(
            e -> {
              assertThat(e.getName()).isEqualTo("BRIDGE_MQTT_TLS_PORT");
              assertThat(e.getValue()).isEqualTo("8883");
            })
        .anySatisfy(e -> assertThat(e.getName()).isEqualTo("SERVER_SSL_BUNDLE"));
  }
}
