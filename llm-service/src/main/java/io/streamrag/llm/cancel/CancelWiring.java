package io.streamrag.llm.cancel;

import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.llm.ChatProperties;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Answers stop when their caller leaves: the gateway's cancels on chat.streams, read here. */
@Configuration(proxyBeanMethods = false)
class CancelWiring {

  /** A cancel is kept as long as its request could still be taken from the topic and answered. */
  @Bean
  Cancellations cancellations(ChatProperties chat) {
    return new Cancellations(chat.maxRequestAge().multipliedBy(2), Clock.systemUTC());
  }

  @Bean(destroyMethod = "close")
  CancelFeed cancelFeed(TopicReaders readers, Cancellations cancellations) {
    return new CancelFeed(readers, cancellations);
  }
}
