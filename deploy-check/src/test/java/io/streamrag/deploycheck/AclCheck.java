package io.streamrag.deploycheck;

import io.streamrag.schemas.TopicSpec;
import io.streamrag.schemas.Topics;
import io.strimzi.api.kafka.model.user.KafkaUser;
import io.strimzi.api.kafka.model.user.KafkaUserAuthorizationSimple;
import io.strimzi.api.kafka.model.user.KafkaUserScramSha512ClientAuthentication;
import io.strimzi.api.kafka.model.user.acl.AclOperation;
import io.strimzi.api.kafka.model.user.acl.AclResourcePatternType;
import io.strimzi.api.kafka.model.user.acl.AclRule;
import io.strimzi.api.kafka.model.user.acl.AclRuleGroupResource;
import io.strimzi.api.kafka.model.user.acl.AclRuleTopicResource;
import io.strimzi.api.kafka.model.user.acl.AclRuleType;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The KafkaUsers enforce the catalogue: the only user that may write a topic is its one writer;
 * every service may read what the catalogue says it reads, and describe every topic it uses; each
 * consumer group is read by its own service only. Nothing may create, delete or alter.
 */
final class AclCheck {

  /** Operations no user gets: topics come from KafkaTopics, and nobody administers the cluster. */
  private static final Set<AclOperation> NEVER =
      EnumSet.of(
          AclOperation.ALL,
          AclOperation.CREATE,
          AclOperation.DELETE,
          AclOperation.ALTER,
          AclOperation.ALTERCONFIGS,
          AclOperation.CLUSTERACTION);

  private AclCheck() {}

  static List<String> problems(Rendered r, Map<String, ServiceConfig> services) {
    var problems = new ArrayList<String>();
    var users = r.all(KafkaUser.class);
    for (var user : users) {
      problems.addAll(shape(user));
    }
    for (String service : services.keySet()) {
      if (users.stream().noneMatch(u -> name(u).equals(service))) {
        problems.add("no KafkaUser for " + service);
      }
    }
    for (TopicSpec topic : Topics.all()) {
      var writers = new TreeSet<String>();
      users.stream()
          .filter(u -> may(u, "topic", topic.name(), AclOperation.WRITE))
          .forEach(u -> writers.add(name(u)));
      if (!writers.equals(Set.of(topic.writer()))) {
        problems.add(
            topic.name()
                + " may be written by "
                + writers
                + ", the catalogue: "
                + topic.writer()
                + " only");
      }
      for (var user : users) {
        String service = name(user);
        boolean reads = readers(topic).contains(service);
        boolean writes = topic.writer().equals(service);
        boolean read = may(user, "topic", topic.name(), AclOperation.READ);
        if (reads && !read) {
          problems.add(service + " reads " + topic.name() + " but may not");
        }
        if (read && !reads && !writes) {
          problems.add(
              service + " may read " + topic.name() + ", which the catalogue does not give it");
        }
        if ((reads || writes)
            && !(may(user, "topic", topic.name(), AclOperation.DESCRIBE)
                && may(user, "topic", topic.name(), AclOperation.DESCRIBECONFIGS))) {
          problems.add(
              service + " cannot describe " + topic.name() + " (its catalogue check at start)");
        }
      }
    }
    problems.addAll(groups(users, services));
    return problems;
  }

  /** Each service reads its own groups, and no group is read by two users. */
  private static List<String> groups(List<KafkaUser> users, Map<String, ServiceConfig> services) {
    var problems = new ArrayList<String>();
    services.forEach(
        (service, config) -> {
          for (String group : config.groups().keySet()) {
            for (var user : users) {
              boolean read = may(user, "group", group, AclOperation.READ);
              if (name(user).equals(service) && !read) {
                problems.add(service + " cannot read its consumer group " + group);
              } else if (!name(user).equals(service) && read) {
                problems.add(
                    name(user) + " may read the consumer group " + group + " of " + service);
              }
            }
          }
        });
    return problems;
  }

  private static List<String> shape(KafkaUser user) {
    var problems = new ArrayList<String>();
    if (!(user.getSpec().getAuthentication() instanceof KafkaUserScramSha512ClientAuthentication)) {
      problems.add(name(user) + " does not authenticate with SCRAM-SHA-512");
    }
    if (!(user.getSpec().getAuthorization() instanceof KafkaUserAuthorizationSimple simple)) {
      problems.add(name(user) + " has no simple authorization");
      return problems;
    }
    for (AclRule rule : simple.getAcls()) {
      if (rule.getType() == AclRuleType.DENY) {
        problems.add(name(user) + " has a deny rule: the check reads allow rules only");
      }
      if (!(rule.getResource() instanceof AclRuleTopicResource)
          && !(rule.getResource() instanceof AclRuleGroupResource)) {
        problems.add(name(user) + " has a rule on " + rule.getResource().getType());
      }
      for (var operation : operations(rule)) {
        if (NEVER.contains(operation)) {
          problems.add(name(user) + " may " + operation + " " + rule.getResource().getType());
        }
      }
    }
    return problems;
  }

  /**
   * Whether the user's rules allow the operation on the resource (Read and Write imply Describe).
   */
  static boolean may(KafkaUser user, String type, String resource, AclOperation operation) {
    if (!(user.getSpec().getAuthorization() instanceof KafkaUserAuthorizationSimple simple)) {
      return false;
    }
    for (AclRule rule : simple.getAcls()) {
      if (rule.getType() == AclRuleType.DENY || !matches(rule, type, resource)) {
        continue;
      }
      var granted = operations(rule);
      if (granted.contains(operation)
          || granted.contains(AclOperation.ALL)
          || (operation == AclOperation.DESCRIBE
              && (granted.contains(AclOperation.READ) || granted.contains(AclOperation.WRITE)))) {
        return true;
      }
    }
    return false;
  }

  private static boolean matches(AclRule rule, String type, String resource) {
    String name;
    AclResourcePatternType pattern;
    if (rule.getResource() instanceof AclRuleTopicResource topic && type.equals("topic")) {
      name = topic.getName();
      pattern = topic.getPatternType();
    } else if (rule.getResource() instanceof AclRuleGroupResource group && type.equals("group")) {
      name = group.getName();
      pattern = group.getPatternType();
    } else {
      return false;
    }
    return pattern == AclResourcePatternType.PREFIX
        ? resource.startsWith(name)
        : name.equals("*") || name.equals(resource);
  }

  private static Set<AclOperation> operations(AclRule rule) {
    var out = EnumSet.noneOf(AclOperation.class);
    if (rule.getOperations() != null) {
      out.addAll(rule.getOperations());
    }
    if (rule.getOperation() != null) {
      out.add(rule.getOperation());
    }
    return out;
  }

  /** The services among a topic's readers ("llm-service (every replica)" is llm-service). */
  static Set<String> readers(TopicSpec topic) {
    var out = new TreeSet<String>();
    topic.readers().forEach(reader -> out.add(reader.split(" ")[0]));
    return out;
  }

  private static String name(KafkaUser user) {
    return user.getMetadata().getName();
  }
}
