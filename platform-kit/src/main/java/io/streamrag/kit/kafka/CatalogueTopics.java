package io.streamrag.kit.kafka;

import io.streamrag.schemas.TopicSpec;
import io.streamrag.schemas.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.ConfigResource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.retry.RetryException;
import org.springframework.core.retry.RetryPolicy;
import org.springframework.core.retry.RetryTemplate;
import org.springframework.kafka.core.KafkaAdmin;

/**
 * The catalogue's topics as this service needs them, settled before any client reads: the topics it
 * owns (writes) are created when missing, then every topic it owns or reads must exist with the
 * catalogue's cleanup policy and partition count. A difference stops the start with a message that
 * names it, rather than a service that half works.
 */
public final class CatalogueTopics {

  private static final Logger log = LoggerFactory.getLogger(CatalogueTopics.class);

  /** How long a start waits for topics that do not exist yet. */
  static final Duration MISSING_WAIT = Duration.ofSeconds(20);

  private static final String MISSING = " does not exist";

  private final String service;

  /**
   * @throws IllegalStateException naming each topic that is missing or differs from the catalogue
   */
  public CatalogueTopics(
      String service, KafkaAdmin kafkaAdmin, KafkaClients clients, Duration timeout) {
    this.service = service;
    var owned = owned(service);
    try {
      differences(clients, List.of(), timeout); // reachable, with these credentials, or say so now
    } catch (IllegalStateException e) {
      throw new IllegalStateException(service + " cannot start: " + e.getMessage(), e);
    }
    if (!owned.isEmpty()) {
      kafkaAdmin.createOrModifyTopics(
          owned.stream().map(CatalogueTopics::newTopic).toArray(NewTopic[]::new));
    }
    List<String> problems = settled(clients, used(service), timeout);
    if (!problems.isEmpty()) {
      throw new IllegalStateException(
          service
              + " cannot start, the topics differ from the catalogue: "
              + String.join("; ", problems));
    }
    log.info(
        "{}: {} catalogue topics checked ({} owned)", service, used(service).size(), owned.size());
  }

  public String service() {
    return service;
  }

  /** The topics a service writes. */
  public static List<TopicSpec> owned(String service) {
    return Topics.all().stream().filter(t -> t.writer().equals(service)).toList();
  }

  /** The topics a service writes or reads. */
  public static List<TopicSpec> used(String service) {
    return Topics.all().stream()
        .filter(
            t ->
                t.writer().equals(service)
                    || t.readers().stream()
                        .anyMatch(r -> r.equals(service) || r.startsWith(service + " ")))
        .toList();
  }

  /** The topic as the catalogue declares it. */
  public static NewTopic newTopic(TopicSpec spec) {
    return new NewTopic(spec.name(), spec.partitions(), (short) -1).configs(spec.topicConfig());
  }

  /**
   * The differences once topics that do not exist yet had {@link #MISSING_WAIT} to appear: a topic
   * another service owns (or the broker's own set-up creates) may come a moment after this service
   * starts, as under {@code ./run.sh}, which starts the services beside the broker, or pods started
   * in any order. Any other difference is reported at once.
   */
  static List<String> settled(KafkaClients clients, List<TopicSpec> specs, Duration timeout) {
    var retries =
        new RetryTemplate(
            RetryPolicy.builder()
                .includes(StillMissing.class)
                .maxRetries(Long.MAX_VALUE)
                .delay(Duration.ofMillis(200))
                .timeout(timeout.compareTo(MISSING_WAIT) < 0 ? timeout : MISSING_WAIT)
                .build());
    try {
      return retries.execute(
          () -> {
            List<String> problems = differences(clients, specs, timeout);
            if (!problems.isEmpty() && problems.stream().allMatch(p -> p.endsWith(MISSING))) {
              throw new StillMissing(problems);
            }
            return problems;
          });
    } catch (RetryException e) {
      if (e.getLastException() instanceof StillMissing missing) {
        return missing.problems;
      }
      throw e.getLastException() instanceof RuntimeException r
          ? r
          : new IllegalStateException(e.getLastException());
    }
  }

  /** Only topics that do not exist yet differ: worth another look in a moment. */
  private static final class StillMissing extends RuntimeException {
    final transient List<String> problems;

    StillMissing(List<String> problems) {
      super(String.join("; ", problems), null, false, false);
      this.problems = problems;
    }
  }

  static List<String> differences(KafkaClients clients, List<TopicSpec> specs, Duration timeout) {
    long wait = timeout.toMillis();
    var problems = new ArrayList<String>();
    var admin = Admin.create(clients.admin());
    try {
      var names = specs.stream().map(TopicSpec::name).toList();
      var existing = admin.listTopics().names().get(wait, TimeUnit.MILLISECONDS);
      var present = names.stream().filter(existing::contains).toList();
      for (var spec : specs) {
        if (!existing.contains(spec.name())) {
          problems.add(spec.name() + MISSING);
        }
      }
      if (present.isEmpty()) {
        return problems;
      }
      Map<String, TopicDescription> described =
          admin.describeTopics(present).allTopicNames().get(wait, TimeUnit.MILLISECONDS);
      var configs =
          admin
              .describeConfigs(
                  present.stream()
                      .map(n -> new ConfigResource(ConfigResource.Type.TOPIC, n))
                      .toList())
              .all()
              .get(wait, TimeUnit.MILLISECONDS);
      for (var spec : specs) {
        var description = described.get(spec.name());
        if (description == null) {
          continue;
        }
        int partitions = description.partitions().size();
        if (partitions != spec.partitions()) {
          problems.add(
              spec.name()
                  + " has "
                  + partitions
                  + " partitions, the catalogue "
                  + spec.partitions());
        }
        var policy =
            configs
                .get(new ConfigResource(ConfigResource.Type.TOPIC, spec.name()))
                .get("cleanup.policy");
        String actual = policy == null ? "delete" : policy.value();
        if (!actual.equals(spec.cleanup().policy())) {
          problems.add(
              spec.name()
                  + " has cleanup.policy="
                  + actual
                  + ", the catalogue "
                  + spec.cleanup().policy());
        }
      }
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException(
          "cannot read the topics from Kafka at "
              + bootstrap(clients)
              + " within "
              + timeout.toSeconds()
              + " s ("
              + rootMessage(e)
              + "): check spring.kafka.bootstrap-servers and the security settings"
              + " (spring.kafka.security.protocol, spring.kafka.properties.sasl.*)",
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while checking topics", e);
    } finally {
      admin.close(Duration.ofSeconds(1)); // not the default minute when the broker never answered
    }
    return problems;
  }

  private static String bootstrap(KafkaClients clients) {
    Object servers = clients.admin().get("bootstrap.servers");
    return servers instanceof java.util.Collection<?> list
        ? String.join(",", list.stream().map(String::valueOf).toList())
        : String.valueOf(servers);
  }

  private static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null) {
      t = t.getCause();
    }
    return t.getClass().getSimpleName() + ": " + t.getMessage();
  }
}
