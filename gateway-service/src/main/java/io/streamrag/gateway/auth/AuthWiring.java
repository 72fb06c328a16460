package io.streamrag.gateway.auth;

import io.streamrag.gateway.GatewayProperties;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.web.AddressLimits;
import java.time.Clock;
import java.time.Duration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.codec.ServerCodecConfigurer;

/** Who may call: the keys of configuration and of {@code gateway.keys}, and their rate limits. */
@Configuration(proxyBeanMethods = false)
class AuthWiring {

  /** Read to its end before the gateway serves: a key issued before the start is known at once. */
  @Bean(destroyMethod = "close")
  IssuedKeys issuedKeys(TopicReaders readers) {
    return new IssuedKeys(readers, Duration.ofSeconds(60));
  }

  @Bean
  ApiKeys apiKeys(GatewayProperties gateway, AuthProperties auth, IssuedKeys issued) {
    String pipeline = gateway.chat().pipeline();
    return new ApiKeys(
        new ConfiguredKeys(gateway.apiKeys(), auth.adminKeySha256(), pipeline),
        issued,
        pipeline,
        Clock.systemUTC());
  }

  /** Only where there is a web server to limit. */
  @Bean
  @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
  AuthenticationFilter authenticationFilter(
      ApiKeys keys, AuthProperties auth, ServerCodecConfigurer codecs) {
    return new AuthenticationFilter(
        keys,
        new RateLimits(auth.rateLimit().requestsPerMinute(), System::nanoTime),
        new AddressLimits(auth.rateLimit().unauthenticatedPerMinute(), System::nanoTime),
        codecs.getWriters());
  }
}
