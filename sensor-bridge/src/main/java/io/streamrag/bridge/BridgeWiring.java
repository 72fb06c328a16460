package io.streamrag.bridge;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.bridge.auth.DeviceRegistry;
import io.streamrag.bridge.forecast.ForecastPoller;
import io.streamrag.bridge.forecast.OpenMeteoClient;
import io.streamrag.bridge.mqtt.EmbeddedMqttBroker;
import io.streamrag.bridge.mqtt.ExternalMqttBridge;
import io.streamrag.bridge.mqtt.MqttIngress;
import io.streamrag.bridge.publish.BridgeOutbox;
import io.streamrag.bridge.reject.RejectReplay;
import io.streamrag.bridge.validate.ForecastParser;
import io.streamrag.bridge.validate.ProfileParser;
import io.streamrag.bridge.validate.ReadingParser;
import io.streamrag.kit.kafka.Outbox;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.schemas.Topics;
import io.streamrag.schemas.sensor.SensorProfileUpdated;
import java.time.Clock;
import java.time.Duration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
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
      TopicReaders readers, BridgeProperties properties, Outbox outbox, Clock clock) {
    return new DeviceRegistry(readers, properties, outbox, clock, STARTUP);
  }

  @Bean
  BridgePipeline bridgePipeline(
      DeviceRegistry devices,
      ReadingParser readings,
      ProfileParser profiles,
      ForecastParser forecasts,
      BridgeOutbox outbox,
      Clock clock,
      BridgeProperties properties,
      MeterRegistry meters) {
    return new BridgePipeline(
        devices,
        readings,
        profiles,
        forecasts,
        outbox,
        clock,
        properties.maxPayloadBytes(),
        meters);
  }

  @Bean
  RejectReplay rejectReplay(TopicReaders readers, BridgePipeline pipeline) {
    return new RejectReplay(readers, pipeline);
  }

  @Bean
  MqttIngress mqttIngress(BridgePipeline pipeline) {
    return new MqttIngress(pipeline);
  }

  @Bean(destroyMethod = "close")
  @ConditionalOnProperty(name = "bridge.mqtt.mode", havingValue = "embedded")
  EmbeddedMqttBroker embeddedMqttBroker(
      BridgeProperties properties, DeviceRegistry devices, MqttIngress ingress) {
    // Larger messages than the payload limit still arrive, to be refused and kept as rejects.
    return new EmbeddedMqttBroker(properties.mqtt(), devices, ingress, 64 * 1024);
  }

  @Bean(destroyMethod = "close")
  @ConditionalOnProperty(name = "bridge.mqtt.mode", havingValue = "external")
  ExternalMqttBridge externalMqttBridge(BridgeProperties properties, MqttIngress ingress) {
    return new ExternalMqttBridge(properties.mqtt(), ingress);
  }

  @Bean(destroyMethod = "close")
  @ConditionalOnProperty(name = "bridge.forecast.enabled", havingValue = "true")
  ForecastPoller forecastPoller(
      TopicReaders readers, BridgeProperties properties, BridgePipeline pipeline, JsonMapper json) {
    var profiles =
        TopicView.follow(
                readers, Topics.SENSOR_PROFILES.name(), SensorProfileUpdated.class, (k, v) -> {})
            .caughtUpWithin(STARTUP);
    return new ForecastPoller(
        profiles,
        new OpenMeteoClient(properties.forecast().url(), json),
        pipeline,
        properties.forecast().interval());
  }
}
