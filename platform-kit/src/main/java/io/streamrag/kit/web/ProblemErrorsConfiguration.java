package io.streamrag.kit.web;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.reactor.netty.NettyReactiveWebServerFactory;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.netty.NettyPipeline;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every service's unhandled errors as problem details ({@link ProblemErrors}), and the requests
 * Netty could not decode too ({@link DecodingFailures}).
 */
@AutoConfiguration
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
class ProblemErrorsConfiguration {

  @Bean
  ProblemErrors problemErrors(JsonMapper json) {
    return new ProblemErrors(json);
  }

  /**
   * Added through the factory, not as a {@link NettyServerCustomizer} bean: that is a {@code
   * Function}, which Spring Cloud Stream would bind to a topic of its name in a service that names
   * no function definition.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(NettyReactiveWebServerFactory.class)
  static class OnNetty {

    @Bean
    WebServerFactoryCustomizer<NettyReactiveWebServerFactory> decodingFailures(JsonMapper json) {
      return factory -> factory.addServerCustomizers(customizer(json));
    }

    static NettyServerCustomizer customizer(JsonMapper json) {
      return server ->
          server.doOnChannelInit(
              (observer, channel, remote) -> {
                var pipeline = channel.pipeline();
                if (pipeline.get(NettyPipeline.HttpCodec) != null) {
                  pipeline.addAfter(
                      NettyPipeline.HttpCodec, DecodingFailures.NAME, new DecodingFailures(json));
                }
              });
    }
  }
}
