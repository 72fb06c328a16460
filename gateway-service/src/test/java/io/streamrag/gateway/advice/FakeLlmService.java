package io.streamrag.gateway.advice;

import io.streamrag.gateway.CannedAdvice;
import io.streamrag.kit.kafka.KafkaKitConfiguration;
import io.streamrag.schemas.advice.AdviceKind;
import io.streamrag.schemas.advice.RecommendationAnswered;
import io.streamrag.schemas.advice.RecommendationRequested;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.Message;
import org.springframework.messaging.handler.annotation.SendTo;
import org.springframework.messaging.support.MessageBuilder;

/**
 * Plays llm-service's recommendation side on Kafka, over the real request/reply protocol: a
 * listener on platform-kit's request listener factory that answers on the reply topic the request
 * names, with its correlation id. It answers canned advice, an error for a crop it has no tables
 * for ({@code teff}), and nothing at all while {@link #silent} is set.
 */
class FakeLlmService {

  final List<RecommendationRequested> received = new CopyOnWriteArrayList<>();
  volatile boolean silent;

  @KafkaListener(
      id = "fake-llm-recommendations",
      topics = "recommendation.requests",
      groupId = "fake-llm-recommendations",
      containerFactory = KafkaKitConfiguration.REQUEST_LISTENER_FACTORY)
  @SendTo
  Message<RecommendationAnswered> handle(RecommendationRequested call) {
    received.add(call);
    if (silent) {
      return null; // no reply at all
    }
    var reply =
        RecommendationAnswered.newBuilder().setCallId(call.getCallId()).setKind(call.getKind());
    if ("teff".equals(call.getCrop())) {
      reply.setError("the agronomy tables have no row for teff");
    } else {
      reply.setAdviceJson(
          call.getKind() == AdviceKind.IRRIGATION
              ? CannedAdvice.irrigation()
              : CannedAdvice.fertilization());
    }
    return MessageBuilder.withPayload(reply.build())
        .setHeader(KafkaHeaders.KEY, call.getCallId())
        .build();
  }

  RecommendationRequested last() {
    return received.get(received.size() - 1);
  }
}
