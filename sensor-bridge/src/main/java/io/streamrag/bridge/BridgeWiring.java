package io.streamrag.bridge;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.bridge.auth.DeviceRegistry;
import io.streamrag.bridge.forecast.ForecastPoller;
import io.streamrag.bridge.forecast.OpenMeteoClient;
import io.streamrag.bridge.http.IntakeLimits;
import io.streamrag.bridge.mqtt.EmbeddedMqttBroker;
import io.streamrag.bridge.mqtt.ExternalMqttBridge;
import io.streamrag.bridge.mqtt.MqttIngress;
import io.streamrag.bridge.publish.BridgeWriter;
import io.streamrag.bridge.reject.RejectReplay;
import io.streamrag.bridge.validate.ForecastParser;
import io.streamrag.bridge.validate.ProfileParser;
import io.streamrag.bridge.validate.ReadingParser;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.kit.web.AddressLimits;
import io.streamrag.schemas.Topics;
import io.streamrag.schemas.sensor.SensorProfileUpdated;
import java.time.Clock;
import java.time.Duration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;
import tools.jackson.databind.json.JsonMapper;

/** The stages of sensor-bridge and its transports, chosen by configuration. */
@Configuration(proxyBeanMethods = false)
class BridgeWiring {

  private static final Duration STARTUP = Duration.ofSeconds(60);

  @Bean
  Clock clock() {
    return Clock.systemUTC();
  }

  @Bean(destroyMethod = "close")
  DeviceRegistry deviceRegistry(
      TopicReaders readers, BridgeProperties properties, TopicWriter writer, Clock clock) {
    return new DeviceRegistry(readers, properties, writer, clock, STARTUP);
  }

  @Bean
  BridgeSteps bridgeSteps(
      DeviceRegistry devices,
      ReadingParser readings,
      ProfileParser profiles,
      ForecastParser forecasts,
      BridgeWriter writer,
      Clock clock,
      BridgeProperties properties,
      MeterRegistry meters) {
    return new BridgeSteps(
        devices,
        readings,
        profiles,
        forecasts,
        writer,
        clock,
        properties.maxPayloadBytes(),
        meters);
  }

  @Bean
  RejectReplay rejectReplay(TopicReaders readers, BridgeSteps steps) {
    return new RejectReplay(readers, steps);
  }

  @Bean
  MqttIngress mqttIngress(BridgeSteps steps) {
    return new MqttIngress(steps);
  }

  @Bean(destroyMethod = "close")
  @ConditionalOnProperty(name = "bridge.mqtt.mode", havingValue = "embedded")
  EmbeddedMqttBroker embeddedMqttBroker(
      BridgeProperties properties,
      DeviceRegistry devices,
      MqttIngress ingress,
      IntakeLimits limits) {
    // Larger messages than the payload limit still arrive, to be refused and kept as rejects.
    return new EmbeddedMqttBroker(
        properties.mqtt(),
        devices,
        ingress,
        64 * 1024,
        new AddressLimits(limits.mqttConnectsPerMinute(), System::nanoTime));
  }

  @Bean(destroyMethod = "close")
  @ConditionalOnProperty(name = "bridge.mqtt.mode", havingValue = "external")
  ExternalMqttBridge externalMqttBridge(BridgeProperties properties, MqttIngress ingress) {
    return new ExternalMqttBridge(properties.mqtt(), ingress);
  }

  @Bean(destroyMethod = "close")
  @ConditionalOnProperty(name = "bridge.forecast.enabled", havingValue = "true")
  ForecastPoller forecastPoller(
      TopicReaders readers,
      BridgeProperties properties,
      BridgeSteps steps,
      JsonMapper json,
      ThreadPoolTaskScheduler forecastScheduler) {
    var profiles =
        TopicView.follow(
                readers, Topics.SENSOR_PROFILES.name(), SensorProfileUpdated.class, (k, v) -> {})
            .caughtUpWithin(STARTUP);
    return new ForecastPoller(
        profiles,
        new OpenMeteoClient(properties.forecast().url(), json),
        steps,
        properties.forecast().interval(),
        forecastScheduler);
  }

  /** The forecast poller's one thread, started and stopped by Spring. */
  @Bean
  @ConditionalOnProperty(name = "bridge.forecast.enabled", havingValue = "true")
  ThreadPoolTaskScheduler forecastScheduler() {
    var scheduler = new ThreadPoolTaskScheduler();
    scheduler.setPoolSize(1);
    scheduler.setThreadNamePrefix("forecast-poller-");
    return scheduler;
  }
}
