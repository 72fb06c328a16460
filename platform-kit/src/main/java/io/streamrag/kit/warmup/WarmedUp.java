package io.streamrag.kit.warmup;

/**
 * Published once the service's {@link WarmUps} have ended (done, failed, or past their time limit),
 * or at readiness when it has none: what should wait for a warm service (e.g. a request listener
 * joining its group) starts on it.
 */
public record WarmedUp() {}
