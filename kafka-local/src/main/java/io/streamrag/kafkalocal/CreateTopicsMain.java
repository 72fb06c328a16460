package io.streamrag.kafkalocal;

import io.streamrag.schemas.Topics;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;

/**
 * {@code java … CreateTopicsMain <bootstrap servers>}: creates the catalogue's topics that are
 * missing on a running broker (existing ones are left as they are), then exits. The compose stack's
 * one-shot topic-init step; the partition counts and configs come from {@link Topics}.
 */
public final class CreateTopicsMain {

  private CreateTopicsMain() {}

  public static void main(String[] args) throws InterruptedException {
    String bootstrap = args.length > 0 ? args[0] : "localhost:9092";
    try (var admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
      Set<String> existing = admin.listTopics().names().get();
      List<NewTopic> missing =
          Topics.all().stream()
              .filter(spec -> !existing.contains(spec.name()))
              .map(
                  spec ->
                      new NewTopic(spec.name(), spec.partitions(), (short) -1)
                          .configs(spec.topicConfig()))
              .toList();
      admin.createTopics(missing).all().get();
      System.out.println(
          "catalogue topics on "
              + bootstrap
              + ": "
              + Topics.all().size()
              + ", created: "
              + missing.stream().map(NewTopic::name).collect(Collectors.joining(", ")));
    } catch (ExecutionException e) {
      System.err.println("cannot create topics on " + bootstrap + ": " + e.getCause());
      System.exit(1);
    }
  }
}
