package io.streamrag.bridge;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.bridge.auth.DeviceRegistry;
import io.streamrag.bridge.forecast.ForecastPoller;
import io.streamrag.bridge.forecast.OpenMeteoClient;
import io.streamrag.bridge.http.IntakeLimits;
import io.streamrag.bridge.mqtt.EmbeddedMqttBroker;
import io.streamrag.bridge.mqtt.ExternalMqttBridge;
import io.streamrag.bridge.mqtt.MqttIngress;
import io.streamrag.bridge.reject.RejectReplay;
import io.streamrag.bridge.station.ObservationPoller;
import io.streamrag.bridge.station.OpenMeteoObservations;
import io.streamrag.bridge.station.StationDays;
import io.streamrag.bridge.station.StationLinks;
import io.streamrag.bridge.station.StationRegistry;
import io.streamrag.bridge.validate.ProfileParser;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.kit.web.AddressLimits;
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
  Refusals refusals(MeterRegistry meters, BridgeProperties properties) {
    return new Refusals(meters, properties.maxPayloadBytes());
  }

  @Bean
  RejectReplay rejectReplay(TopicReaders readers, BridgeSteps steps, StationSteps stations) {
    return new RejectReplay(readers, steps, stations);
  }

  @Bean(destroyMethod = "close")
  StationRegistry stationRegistry(TopicReaders readers, TopicWriter writer, Clock clock) {
    return new StationRegistry(readers, writer, clock, STARTUP);
  }

  @Bean
  ProfileParser profileParser(
      JsonMapper json, BridgeProperties properties, StationRegistry stations) {
    return new ProfileParser(json, properties, id -> stations.byId(id).isPresent());
  }

  /** Which station each field follows, published on weather.links as profiles and stations move. */
  @Bean(destroyMethod = "close")
  StationLinks stationLinks(
      TopicReaders readers,
      StationRegistry stations,
      TopicWriter writer,
      Clock clock,
      BridgeProperties properties) {
    return new StationLinks(
        readers, stations, writer, clock, properties.weather().maxStationKm(), STARTUP);
  }

  @Bean(destroyMethod = "close")
  StationDays stationDays(TopicReaders readers) {
    return new StationDays(readers, STARTUP);
  }

  @Bean
  MqttIngress mqttIngress(BridgeSteps steps, StationSteps stations) {
    return new MqttIngress(steps, stations);
  }

  @Bean(destroyMethod = "close")
  @ConditionalOnProperty(name = "bridge.mqtt.mode", havingValue = "embedded")
  EmbeddedMqttBroker embeddedMqttBroker(
      BridgeProperties properties,
      DeviceRegistry devices,
      StationRegistry stations,
      MqttIngress ingress,
      IntakeLimits limits) {
    // Larger messages than the payload limit still arrive, to be refused and kept as rejects.
    return new EmbeddedMqttBroker(
        properties.mqtt(),
        devices,
        stations,
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
      StationLinks links,
      BridgeProperties properties,
      BridgeSteps steps,
      JsonMapper json,
      ThreadPoolTaskScheduler forecastScheduler) {
    return new ForecastPoller(
        links.profiles(),
        new OpenMeteoClient(properties.forecast().url(), json),
        steps,
        properties.forecast().interval(),
        forecastScheduler);
  }

  /** The forecast poller's one thread, started and stopped by Spring. */
  @Bean
  @ConditionalOnProperty(name = "bridge.forecast.enabled", havingValue = "true")
  ThreadPoolTaskScheduler forecastScheduler() {
    return oneThread("forecast-poller-");
  }

  /** Open-Meteo's observations as stations' own, when enabled (off by default). */
  @Bean(destroyMethod = "close")
  @ConditionalOnProperty(name = "bridge.weather.poll.enabled", havingValue = "true")
  ObservationPoller observationPoller(
      StationRegistry stations,
      BridgeProperties properties,
      StationSteps steps,
      JsonMapper json,
      Clock clock,
      ThreadPoolTaskScheduler observationScheduler) {
    var poll = properties.weather().poll();
    return new ObservationPoller(
        stations,
        poll.stations(),
        new OpenMeteoObservations(poll.url(), json),
        steps,
        clock,
        poll.interval(),
        observationScheduler);
  }

  /** The observation poller's one thread, started and stopped by Spring. */
  @Bean
  @ConditionalOnProperty(name = "bridge.weather.poll.enabled", havingValue = "true")
  ThreadPoolTaskScheduler observationScheduler() {
    return oneThread("observation-poller-");
  }

  private static ThreadPoolTaskScheduler oneThread(String prefix) {
    var scheduler = new ThreadPoolTaskScheduler();
    scheduler.setPoolSize(1);
    scheduler.setThreadNamePrefix(prefix);
    return scheduler;
  }
}
