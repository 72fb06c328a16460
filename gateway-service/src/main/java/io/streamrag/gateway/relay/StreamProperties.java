package io.streamrag.gateway.relay;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * How answer streams survive real networks ({@code gateway.streams.*}).
 *
 * @param resumeWindow how long after it was asked a stream can be resumed with {@code
 *     Last-Event-ID}, on any replica
 * @param cancelGrace how long a stream whose caller left waits for it to come back before its
 *     answer is cancelled (the model call stops)
 * @param maxResumesPerKey how many resumed streams one key may hold open on a replica (each is a
 *     read of the shared reader, {@code AnswerReplays}); one more is {@code 429}
 */
@Validated
@ConfigurationProperties("gateway.streams")
public record StreamProperties(
    @NotNull Duration resumeWindow,
    @NotNull Duration cancelGrace,
    @Positive int maxResumesPerKey) {}
