package io.streamrag.deploycheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.certmanager.api.model.v1.Certificate;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.Gateway;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/**
 * The bridge's certificate in production, checked against cert-manager's own model (fabric8's,
 * generated from cert-manager's CRDs): it writes the Secret the bridge mounts, with the PKCS12
 * keystore its MQTT broker opens, under the password the bridge is given, from the issuer the
 * Gateway's certificate comes from.
 */
class CertificateTest {

  @Test
  void theBridgesCertificateWritesTheSecretAndKeystoreTheBridgeReads() {
    var prod = Rendered.overlay("prod");
    var certificate = prod.all(Certificate.class);
    assertThat(certificate).singleElement();
    var spec = certificate.get(0).getSpec();
    var bridge =
        prod.all(Deployment.class).stream()
            .filter(d -> d.getMetadata().getName().equals("sensor-bridge"))
            .findFirst()
            .orElseThrow();
    var pod = bridge.getSpec().getTemplate().getSpec();
    var app = pod.getContainers().get(0);

    // the Secret it writes is the one mounted where the bridge reads its keystore
    String keystorePath = env(app.getEnv(), "BRIDGE_MQTT_TLS_KEYSTORE").getValue();
    var mount =
        app.getVolumeMounts().stream()
            .filter(m -> keystorePath.startsWith(m.getMountPath() + "/"))
            .findFirst()
            .orElseThrow();
    Volume tls =
        pod.getVolumes().stream()
            .filter(v -> v.getName().equals(mount.getName()))
            .findFirst()
            .orElseThrow();
    assertThat(spec.getSecretName()).isEqualTo(tls.getSecret().getSecretName());
    assertThat(keystorePath).endsWith("/keystore.p12"); // the file name cert-manager writes

    // with a PKCS12 keystore under the password the bridge opens it with
    var pkcs12 = spec.getKeystores().getPkcs12();
    assertThat(pkcs12.getCreate()).isTrue();
    var password =
        env(app.getEnv(), "BRIDGE_MQTT_TLS_KEYSTORE_PASSWORD").getValueFrom().getSecretKeyRef();
    assertThat(pkcs12.getPasswordSecretRef().getName()).isEqualTo(password.getName());
    assertThat(pkcs12.getPasswordSecretRef().getKey()).isEqualTo(password.getKey());

    // for a name, from the issuer the Gateway's certificate comes from
    assertThat(spec.getDnsNames()).isNotEmpty();
    var gateway = prod.all(Gateway.class).get(0);
    assertThat(spec.getIssuerRef().getKind()).isEqualTo("ClusterIssuer");
    assertThat(spec.getIssuerRef().getName())
        .isEqualTo(gateway.getMetadata().getAnnotations().get("cert-manager.io/cluster-issuer"));
  }

  @Test
  void aMisspeltOrMisplacedFieldOfTheCertificateFails() {
    var docs = Rendered.overlay("prod").docs();
    var certificate = Docs.find(docs, "Certificate", "sensor-bridge");
    // a field of the keystore's password reference misspelt, and one put a level too high
    ((ObjectNode)
            certificate.path("spec").path("keystores").path("pkcs12").path("passwordSecretRef"))
        .put("kee", "keystore-password");
    ((ObjectNode) certificate.path("spec")).put("create", true);
    assertThatThrownBy(() -> StrictModel.bind(certificate))
        .hasMessageContaining(".spec.keystores.pkcs12.passwordSecretRef.kee")
        .hasMessageContaining(".spec.create");
  }

  @Test
  void theDevOverlayRunsTheBridgeInClearAndAsksForNoCertificate() {
    assertThat(Rendered.overlay("dev").docs())
        .noneMatch(d -> d.path("kind").asString().equals("Certificate"));
  }

  private static EnvVar env(java.util.List<EnvVar> env, String name) {
    return env.stream().filter(e -> e.getName().equals(name)).findFirst().orElseThrow();
  }
}
