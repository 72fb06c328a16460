package io.streamrag.ingest;

import io.streamrag.kafkalocal.LocalKafka;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * ingest-service alone, as its tests run it: its own configuration on the shared real broker; its
 * producers pass through {@link HeldSnapshots}, inert until a test holds a sensor.
 */
@SpringBootTest(
    classes = IngestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.NONE,
    properties = {
      IngestApplication.CONFIG_NAME,
      "ingest.coalesce-window=700ms",
      "spring.kafka.producer.properties.interceptor.classes=io.streamrag.ingest.HeldSnapshots"
    })
abstract class IngestOnBroker {

  @DynamicPropertySource
  static void kafka(DynamicPropertyRegistry registry) {
    registry.add("spring.kafka.bootstrap-servers", () -> LocalKafka.shared().bootstrapServers());
  }
}
