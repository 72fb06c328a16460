package io.streamrag.kit.warmup;

import java.time.Duration;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.core.task.SimpleAsyncTaskExecutor;

/**
 * The {@link WarmUps} of a service and its health indicator {@code warmUp}; they start when the
 * application is ready, on a thread of Spring's own. {@code streamrag.warm-up.rounds} (default 200;
 * 0: off) and {@code streamrag.warm-up.limit} (default 15s) bound them. {@link WarmedUp} is
 * published when they end.
 */
@AutoConfiguration
public class WarmUpConfiguration {

  @Bean
  WarmUps warmUp(
      ObjectProvider<WarmUp> warmUps,
      @Value("${streamrag.warm-up.rounds:200}") int rounds,
      @Value("${streamrag.warm-up.limit:15s}") Duration limit) {
    return new WarmUps(List.copyOf(warmUps.orderedStream().toList()), rounds, limit);
  }

  @Bean
  ApplicationListener<ApplicationReadyEvent> warmUpStarter(
      WarmUps warmUps, ApplicationEventPublisher events) {
    var executor = new SimpleAsyncTaskExecutor("warm-up-");
    return ready -> {
      if (warmUps.done()) {
        events.publishEvent(new WarmedUp());
      } else {
        executor.execute(
            () -> {
              warmUps.run();
              events.publishEvent(new WarmedUp());
            });
      }
    };
  }
}
