package io.streamrag.retrieval;

import io.streamrag.kit.warmup.WarmedUp;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.stereotype.Component;

/**
 * The request listeners ({@code retrieval-requests}, {@code retrieval-knowledge}) join their groups
 * only once the searches are warm. A replica restarted beside a live one otherwise took its share
 * of the partitions at once and answered its first searches cold, past the callers' deadline: each
 * a degraded answer (failover.md). Until then the live replica holds every partition.
 */
@Component
class RequestsWhenWarm {

  static final String[] LISTENERS = {RetrievalRequests.ID, KnowledgeRequests.ID};
  private static final Logger log = LoggerFactory.getLogger(RequestsWhenWarm.class);

  private final KafkaListenerEndpointRegistry listeners;

  RequestsWhenWarm(KafkaListenerEndpointRegistry listeners) {
    this.listeners = listeners;
  }

  @EventListener(WarmedUp.class)
  void takeRequests() {
    for (String id : LISTENERS) {
      var container = listeners.getListenerContainer(id);
      if (container != null && !container.isRunning()) {
        container.start();
      }
    }
    log.info("warm: taking search requests");
  }
}
