package io.streamrag.deploycheck;

import io.fabric8.certmanager.api.model.v1.Certificate;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.Gateway;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRoute;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.strimzi.api.kafka.model.kafka.Kafka;
import io.strimzi.api.kafka.model.nodepool.KafkaNodePool;
import io.strimzi.api.kafka.model.topic.KafkaTopic;
import io.strimzi.api.kafka.model.user.KafkaUser;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * Every kind our manifests may hold, bound to its model: fabric8's for Kubernetes' own kinds and
 * the Gateway API, fabric8's cert-manager model (generated from cert-manager's CRDs) for the
 * bridge's Certificate, Strimzi's published API for its custom resources (its {@code v1} only, the
 * one version Strimzi 1.x serves), records for KEDA's and kustomize's. Those models keep fields
 * they do not know in an "additional properties" map instead of failing, so {@link #unknownFields}
 * walks the bound object and names every such field: a misspelt or misplaced field fails the check
 * rather than being ignored by the cluster. For Strimzi's kinds it also applies the model's own
 * version rules ({@link StrimziVersions}): a property v1 dropped, or one v1 requires and is
 * missing, fails.
 */
final class StrictModel {

  static final Map<String, Class<?>> KINDS =
      Map.ofEntries(
          Map.entry("v1/Namespace", Namespace.class),
          Map.entry("v1/ConfigMap", ConfigMap.class),
          Map.entry("v1/Secret", Secret.class),
          Map.entry("v1/Service", Service.class),
          Map.entry("apps/v1/Deployment", Deployment.class),
          Map.entry("apps/v1/StatefulSet", StatefulSet.class),
          Map.entry("policy/v1/PodDisruptionBudget", PodDisruptionBudget.class),
          Map.entry("networking.k8s.io/v1/NetworkPolicy", NetworkPolicy.class),
          Map.entry("networking.k8s.io/v1/Ingress", Ingress.class),
          Map.entry("gateway.networking.k8s.io/v1/Gateway", Gateway.class),
          Map.entry("gateway.networking.k8s.io/v1/HTTPRoute", HTTPRoute.class),
          Map.entry("cert-manager.io/v1/Certificate", Certificate.class),
          Map.entry("kafka.strimzi.io/v1/Kafka", Kafka.class),
          Map.entry("kafka.strimzi.io/v1/KafkaNodePool", KafkaNodePool.class),
          Map.entry("kafka.strimzi.io/v1/KafkaTopic", KafkaTopic.class),
          Map.entry("kafka.strimzi.io/v1/KafkaUser", KafkaUser.class),
          Map.entry("keda.sh/v1alpha1/ScaledObject", Keda.ScaledObject.class),
          Map.entry("keda.sh/v1alpha1/TriggerAuthentication", Keda.TriggerAuthentication.class),
          Map.entry("kustomize.config.k8s.io/v1beta1/Kustomization", Kustomization.class));

  private StrictModel() {}

  /** The model of a document's apiVersion and kind. */
  static Class<?> modelOf(ObjectNode doc) {
    String key = doc.path("apiVersion").asString() + "/" + doc.path("kind").asString();
    var type = KINDS.get(key);
    if (type == null) {
      throw new IllegalArgumentException("no model for " + key + " (add it to StrictModel.KINDS)");
    }
    return type;
  }

  /** A document bound to its model; unknown fields fail, at any depth. */
  static Object bind(ObjectNode doc) {
    Object bound = Yaml.MAPPER.treeToValue(doc, modelOf(doc));
    var unknown = unknownFields(bound);
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException(
          doc.path("kind").asString()
              + " "
              + doc.path("metadata").path("name").asString()
              + ": unknown fields "
              + unknown);
    }
    return bound;
  }

  /** A document bound to the given model. */
  static <T> T bind(ObjectNode doc, Class<T> type) {
    if (!type.equals(modelOf(doc))) {
      throw new IllegalArgumentException(doc.path("kind").asString() + " is not a " + type);
    }
    return type.cast(bind(doc));
  }

  /** The paths of fields a model kept as additional properties. */
  static List<String> unknownFields(Object bound) {
    var out = new ArrayList<String>();
    walk(bound, "", out);
    return out.stream().distinct().toList(); // a model may expose one object by two getters
  }

  private static void walk(Object value, String path, List<String> out) {
    if (value == null) {
      return;
    }
    if (value instanceof Collection<?> items) {
      int i = 0;
      for (Object item : items) {
        walk(item, path + "[" + i++ + "]", out);
      }
      return;
    }
    if (value instanceof Map<?, ?> map) {
      map.forEach((k, v) -> walk(v, path + "." + k, out));
      return;
    }
    if (!isModel(value.getClass())) {
      return;
    }
    for (Method getter : value.getClass().getMethods()) {
      if (getter.getParameterCount() != 0
          || Modifier.isStatic(getter.getModifiers())
          || !isModel(getter.getDeclaringClass())) {
        continue;
      }
      String name = getter.getName();
      Object child = invoke(getter, value);
      var v1 =
          value.getClass().getName().startsWith("io.strimzi")
              ? StrimziVersions.rules(value.getClass()).get(name)
              : null;
      if (v1 != null && v1.absent() && !isEmpty(child)) {
        out.add(path + "." + property(name) + " (not in kafka.strimzi.io/v1)");
      }
      if (v1 != null && v1.required() && child == null) {
        out.add(path + "." + property(name) + " (required by kafka.strimzi.io/v1)");
      }
      if (name.equals("getAdditionalProperties")) {
        if (child instanceof Map<?, ?> extra && !extra.isEmpty()) {
          extra.keySet().forEach(k -> out.add(path + "." + k));
        }
      } else if (name.startsWith("get") || value.getClass().isRecord()) {
        walk(child, path + "." + property(name), out);
      }
    }
  }

  private static boolean isEmpty(Object value) {
    return value == null
        || value instanceof Collection<?> c && c.isEmpty()
        || value instanceof Map<?, ?> m && m.isEmpty();
  }

  private static boolean isModel(Class<?> type) {
    String name = type.getName();
    return name.startsWith("io.fabric8.kubernetes.api.model")
        || name.startsWith("io.fabric8.certmanager.api.model")
        || name.startsWith("io.strimzi.api")
        || name.startsWith("io.streamrag.deploycheck");
  }

  private static String property(String getter) {
    return getter.startsWith("get") && getter.length() > 3
        ? Character.toLowerCase(getter.charAt(3)) + getter.substring(4)
        : getter;
  }

  private static Object invoke(Method getter, Object target) {
    try {
      return getter.invoke(target);
    } catch (ReflectiveOperationException e) {
      return null;
    }
  }
}
