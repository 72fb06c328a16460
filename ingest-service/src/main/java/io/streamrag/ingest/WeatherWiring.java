package io.streamrag.ingest;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.ingest.weather.FieldWeathers;
import io.streamrag.ingest.weather.StationDays;
import io.streamrag.ingest.weather.WeatherSteps;
import io.streamrag.kit.kafka.AvroBatches;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.util.List;
import java.util.function.Consumer;
import org.apache.avro.specific.SpecificRecord;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.support.ContextPropagatingTaskDecorator;
import org.springframework.messaging.Message;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;

/** Weather stations' observations: their days, and the fields that follow them. */
@Configuration(proxyBeanMethods = false)
class WeatherWiring {

  /** Binding {@code ingestWeather-in-0}: weather.observations, a poll at a time (batch mode). */
  @Bean
  Consumer<Message<List<byte[]>>> ingestWeather(WeatherSteps steps) {
    return AvroBatches.consumer(SpecificRecord.class, steps::onObservations);
  }

  @Bean
  WeatherSteps weatherSteps(
      StationDays days,
      FieldWeathers weathers,
      TopicView<SensorSnapshotUpdated> snapshots,
      IngestSteps fields,
      TopicWriter writer,
      MeterRegistry meters,
      IngestProperties properties,
      @Qualifier("weatherFanOut") ThreadPoolTaskExecutor helpers) {
    return new WeatherSteps(
        days,
        weathers,
        snapshots,
        fields,
        writer,
        meters,
        properties.weatherFanOutThreads(),
        helpers);
  }

  /**
   * The threads that re-render a station's fields beside the consumer's own, started and stopped by
   * Spring; they carry the observation's trace.
   */
  @Bean
  ThreadPoolTaskExecutor weatherFanOut(IngestProperties properties) {
    var executor = new ThreadPoolTaskExecutor();
    executor.setCorePoolSize(Math.max(1, properties.weatherFanOutThreads() - 1));
    executor.setThreadNamePrefix("weather-fan-out-");
    executor.setTaskDecorator(new ContextPropagatingTaskDecorator());
    return executor;
  }

  /** The registered stations and every station's days, read before any event is consumed. */
  @Bean(destroyMethod = "close")
  StationDays stationDays(TopicReaders readers, IngestProperties properties) {
    return new StationDays(readers, properties.startupTimeout());
  }

  @Bean
  FieldWeathers fieldWeathers(StationDays days) {
    return new FieldWeathers(days);
  }
}
