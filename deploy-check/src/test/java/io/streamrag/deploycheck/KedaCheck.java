package io.streamrag.deploycheck;

import io.streamrag.schemas.Topics;
import io.strimzi.api.kafka.model.user.KafkaUser;
import io.strimzi.api.kafka.model.user.acl.AclOperation;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Each ScaledObject scales a service by the lag of a consumer group that service really has (its
 * bindings and listeners), on a topic that group reads, through the SCRAM listener, as a KafkaUser
 * allowed to describe that group and topic; never beyond the topic's partitions.
 */
final class KedaCheck {

  private KedaCheck() {}

  static List<String> problems(Rendered r, Map<String, ServiceConfig> services) {
    var problems = new ArrayList<String>();
    var auths = r.all(Keda.TriggerAuthentication.class);
    var listener = KafkaClientCheck.scramListener(r).orElseThrow();
    String bootstrap = r.kafka().getMetadata().getName() + "-kafka-bootstrap:" + listener.getPort();
    for (var scaled : r.all(Keda.ScaledObject.class)) {
      var spec = scaled.spec();
      String target = spec.scaleTargetRef().name();
      var workload = r.service(target);
      if (workload.isEmpty() || !workload.get().kind().equals(spec.scaleTargetRef().kind())) {
        problems.add(
            scaled.metadata().getName()
                + " scales "
                + spec.scaleTargetRef().kind()
                + " "
                + target
                + ", not a service workload");
        continue;
      }
      if (spec.minReplicaCount() == null
          || spec.maxReplicaCount() == null
          || spec.minReplicaCount() > spec.maxReplicaCount()) {
        problems.add(
            target + ": replica bounds " + spec.minReplicaCount() + ".." + spec.maxReplicaCount());
      }
      // a consumer beyond the partitions of every topic it is scaled by would sit idle
      int partitions =
          spec.triggers().stream()
              .mapToInt(
                  t ->
                      Topics.all().stream()
                          .filter(s -> s.name().equals(t.metadata().get("topic")))
                          .mapToInt(s -> s.partitions())
                          .sum())
              .max()
              .orElse(0);
      if (spec.maxReplicaCount() != null && spec.maxReplicaCount() > partitions) {
        problems.add(
            target
                + " may scale to "
                + spec.maxReplicaCount()
                + " replicas, its topics have at most "
                + partitions
                + " partitions");
      }
      for (var trigger : spec.triggers()) {
        var m = trigger.metadata();
        String group = m.get("consumerGroup");
        String topic = m.get("topic");
        if (!"kafka".equals(trigger.type())) {
          problems.add(target + ": a " + trigger.type() + " trigger");
          continue;
        }
        m.keySet().stream()
            .filter(k -> !Keda.KAFKA_METADATA.contains(k))
            .forEach(k -> problems.add(target + ": unknown kafka trigger field " + k));
        var topics = services.get(target).groups().get(group);
        if (topics == null || !topics.contains(topic)) {
          problems.add(target + " has no consumer group " + group + " reading " + topic);
        }
        if (!bootstrap.equals(m.get("bootstrapServers"))) {
          problems.add(
              target
                  + ": KEDA connects to "
                  + m.get("bootstrapServers")
                  + ", the listener is "
                  + bootstrap);
        }
        if (listener.isTls() != "enable".equals(m.get("tls"))
            || !"scram_sha512".equals(m.get("sasl"))) {
          problems.add(target + ": KEDA's tls/sasl differ from the listener's");
        }
        String ref =
            trigger.authenticationRef() == null ? null : trigger.authenticationRef().name();
        var auth = auths.stream().filter(a -> a.metadata().getName().equals(ref)).findFirst();
        if (auth.isEmpty()) {
          problems.add(target + ": no TriggerAuthentication " + ref);
          continue;
        }
        problems.addAll(authentication(r, auth.get(), group, topic));
      }
    }
    return problems;
  }

  private static List<String> authentication(
      Rendered r, Keda.TriggerAuthentication auth, String group, String topic) {
    var problems = new ArrayList<String>();
    String username = null;
    for (var ref : auth.spec().secretTargetRef()) {
      if (!Keda.KAFKA_AUTH_PARAMETERS.contains(ref.parameter())) {
        problems.add(auth.metadata().getName() + ": unknown parameter " + ref.parameter());
      }
      var keys = r.keys("Secret", ref.name());
      if (keys.isEmpty() || !keys.get().contains(ref.key())) {
        problems.add(
            auth.metadata().getName() + ": no key " + ref.key() + " in Secret " + ref.name());
      }
      if (ref.parameter().equals("username")) {
        username = secretValue(r, ref.name(), ref.key());
      }
    }
    String user = username;
    var kafkaUser =
        r.all(KafkaUser.class).stream()
            .filter(u -> u.getMetadata().getName().equals(user))
            .findFirst();
    if (kafkaUser.isEmpty()) {
      problems.add(auth.metadata().getName() + " logs in as " + user + ", which is no KafkaUser");
    } else if (!AclCheck.may(kafkaUser.get(), "group", group, AclOperation.DESCRIBE)
        || !AclCheck.may(kafkaUser.get(), "topic", topic, AclOperation.DESCRIBE)) {
      problems.add(user + " may not describe group " + group + " and topic " + topic + " for KEDA");
    }
    return problems;
  }

  private static String secretValue(Rendered r, String secret, String key) {
    for (var doc : r.docs()) {
      if (doc.path("kind").asString().equals("Secret")
          && doc.path("metadata").path("name").asString().equals(secret)) {
        if (doc.path("stringData").has(key)) {
          return doc.path("stringData").path(key).asString();
        }
        if (doc.path("data").has(key)) {
          return new String(
              Base64.getMimeDecoder().decode(doc.path("data").path(key).asString()),
              java.nio.charset.StandardCharsets.UTF_8);
        }
      }
    }
    return null;
  }
}
