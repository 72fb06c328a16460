package io.streamrag.kit.web;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import tools.jackson.core.StreamReadFeature;

/**
 * Refuses JSON with a key given twice ({@code {"ph":6,"ph":9}}), which Jackson otherwise reads as
 * the last value, so a body means one thing only. On in the services that take JSON from callers
 * and firmware ({@code streamrag.json.strict-duplicate-detection: true}): it applies to Boot's
 * {@code JsonMapper}, hence to WebFlux's JSON codecs and to every body the services parse with that
 * mapper. {@link UnreadableJson} names the key for the caller.
 */
@AutoConfiguration(before = JacksonAutoConfiguration.class)
@ConditionalOnProperty(name = "streamrag.json.strict-duplicate-detection", havingValue = "true")
public class StrictJsonConfiguration {

  @Bean
  JsonMapperBuilderCustomizer strictDuplicateDetection() {
    return builder -> builder.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION);
  }
}
