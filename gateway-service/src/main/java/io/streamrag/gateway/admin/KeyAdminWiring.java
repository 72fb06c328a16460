package io.streamrag.gateway.admin;

import io.streamrag.gateway.auth.ApiKeys;
import io.streamrag.gateway.auth.IssuedKeys;
import io.streamrag.kit.kafka.TopicWriter;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import tools.jackson.databind.json.JsonMapper;

/** The key admin API: API keys as data on {@code gateway.keys}, the gateway its one writer. */
@Configuration(proxyBeanMethods = false)
class KeyAdminWiring {

  @Bean
  RouterFunction<ServerResponse> keyAdminRoutes(KeyAdminHandler keys) {
    return RouterFunctions.route()
        .POST("/admin/keys", keys::issue)
        .GET("/admin/keys", keys::list)
        .GET("/admin/keys/{id}", keys::show)
        .POST("/admin/keys/{id}/rotate", keys::rotate)
        .POST("/admin/keys/{id}/revoke", keys::revoke)
        .build();
  }

  @Bean
  KeyAdminHandler keyAdminHandler(
      ApiKeys keys, IssuedKeys issued, TopicWriter writer, JsonMapper json) {
    return new KeyAdminHandler(
        new KeyIssuer(issued, writer, new SecretKeys(), Clock.systemUTC()), json);
  }
}
