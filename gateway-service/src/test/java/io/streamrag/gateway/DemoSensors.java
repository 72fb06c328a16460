package io.streamrag.gateway;

import java.util.Map;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.codec.ServerSentEvent;

/** The sensors the demo profile's keys own, and the events the gateway streams to them. */
public final class DemoSensors {

  /** The sensor of {@code dev-farmer-key}. */
  public static final String MINE = "550e8400-e29b-41d4-a716-446655440000";

  /** The sensor of {@code dev-other-key}, which the farmer's key may not read. */
  public static final String OTHER = "6fa459ea-ee8a-3ca4-894e-db77e160355e";

  /** A server-sent event whose data is a JSON object. */
  public static final ParameterizedTypeReference<ServerSentEvent<Map<String, Object>>> SSE =
      new ParameterizedTypeReference<>() {};

  private DemoSensors() {}
}
