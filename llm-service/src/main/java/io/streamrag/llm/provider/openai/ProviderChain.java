package io.streamrag.llm.provider.openai;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.streamrag.llm.provider.ProviderException;
import io.streamrag.llm.provider.ProviderFailure;
import io.streamrag.llm.provider.model.ChatModel;
import io.streamrag.llm.provider.model.ModelReply;
import io.streamrag.llm.provider.model.ModelRequest;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OpenAI-compatible providers in order of preference (S1.8: e.g. GapGPT, then Avalai). Each has its
 * own circuit breaker; a provider whose breaker is open, or whose 429 asked us to wait, is skipped
 * without a connection. A failure moves on to the next provider only while no token has reached the
 * caller; after that it ends the reply ({@link ProviderException#midStream()}). Every failed call
 * is counted: {@value #ERRORS}, tagged with the {@code provider} and the {@code reason} ({@code
 * rate_limited}, {@code rejected} or {@code failed}).
 */
public final class ProviderChain implements ChatModel {

  private static final Logger log = LoggerFactory.getLogger(ProviderChain.class);

  /** The counter of failed calls to a provider. */
  public static final String ERRORS = "llm.provider.errors";

  /** How the chain waits for a rate-limited provider; a test advances its clock instead. */
  @FunctionalInterface
  interface Sleeper {
    void sleep(Duration duration) throws InterruptedException;
  }

  private final List<Member> members;
  private final Duration maxRetryWait;
  private final Clock clock;
  private final Sleeper sleeper;
  private final MeterRegistry meters;

  /** A chain whose failures are counted nowhere (tools, tests). */
  public ProviderChain(
      List<OpenAiClient> clients, BreakerSettings breaker, Duration maxRetryWait, Clock clock) {
    this(clients, breaker, maxRetryWait, clock, new CompositeMeterRegistry());
  }

  /**
   * @param clients the providers, most preferred first
   * @param maxRetryWait the longest a rate-limited provider is waited for when no other answered
   * @param clock for breakers and Retry-After
   * @param meters where failed calls are counted
   */
  public ProviderChain(
      List<OpenAiClient> clients,
      BreakerSettings breaker,
      Duration maxRetryWait,
      Clock clock,
      MeterRegistry meters) {
    this(clients, breaker, maxRetryWait, clock, d -> Thread.sleep(d.toMillis()), meters);
  }

  ProviderChain(
      List<OpenAiClient> clients,
      BreakerSettings breaker,
      Duration maxRetryWait,
      Clock clock,
      Sleeper sleeper) {
    this(clients, breaker, maxRetryWait, clock, sleeper, new CompositeMeterRegistry());
  }

  ProviderChain(
      List<OpenAiClient> clients,
      BreakerSettings breaker,
      Duration maxRetryWait,
      Clock clock,
      Sleeper sleeper,
      MeterRegistry meters) {
    this.members = clients.stream().map(c -> new Member(c, breaker, clock)).toList();
    this.maxRetryWait = maxRetryWait;
    this.clock = clock;
    this.sleeper = sleeper;
    this.meters = meters;
  }

  /** True when no provider is configured. */
  public boolean isEmpty() {
    return members.isEmpty();
  }

  /** The provider the next request would go to first, if any is available now. */
  public Optional<Endpoint> expected() {
    return members.stream().filter(Member::available).findFirst().map(m -> m.client.endpoint());
  }

  /** Every provider, in order, with its breaker state. */
  public List<ProviderStatus> status() {
    return members.stream().map(Member::status).toList();
  }

  @Override
  public ModelReply stream(ModelRequest request, Consumer<String> tokens) {
    return reply(request, tokens);
  }

  /** No token reaches anyone, so any failure may fall back until the reply is complete. */
  @Override
  public ModelReply complete(ModelRequest request) {
    return reply(request, null);
  }

  /** The reply of the first provider that completes one; {@code tokens} null: nobody watches. */
  private ModelReply reply(ModelRequest request, Consumer<String> tokens) {
    var failures = new ArrayList<ProviderFailure>();
    // 1. each provider in order, skipping those that cannot take the request now
    for (Member member : members) {
      Optional<String> skip = skipReason(member, request);
      if (skip.isPresent()) {
        log.debug("model provider {} skipped: {}", member.name(), skip.get());
        failures.add(new ProviderFailure(member.name(), skip.get()));
        continue;
      }
      Optional<ModelReply> reply = attempt(member, request, tokens, failures);
      if (reply.isPresent()) {
        return reply.get().after(failures);
      }
    }
    // 2. none answered: wait once for a rate-limited provider that frees up soon enough
    Optional<Member> soonest = soonestAfterRateLimit(request);
    if (soonest.isPresent()) {
      Member member = soonest.get();
      Duration wait = Duration.between(clock.instant(), member.notBefore());
      log.info("every model provider failed; waiting {} ms for {}", wait.toMillis(), member.name());
      try {
        sleeper.sleep(wait);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw ProviderException.noneAnswered("interrupted while waiting for a provider", failures);
      }
      Optional<ModelReply> reply = attempt(member, request, tokens, failures);
      if (reply.isPresent()) {
        return reply.get().after(failures);
      }
    }
    // 3. nothing delivered, nothing left
    throw ProviderException.noneAnswered(
        "no model provider could answer (" + failures + ")", failures);
  }

  private Optional<String> skipReason(Member member, ModelRequest request) {
    if (member.rateLimited()) {
      return Optional.of("rate limited until " + member.notBefore());
    }
    if (!request.tools().isEmpty() && !member.client.endpoint().tools()) {
      return Optional.of("does not support tool calling");
    }
    return Optional.empty();
  }

  /** One provider's try; empty when it failed before any token reached the caller. */
  private Optional<ModelReply> attempt(
      Member member, ModelRequest request, Consumer<String> tokens, List<ProviderFailure> failed) {
    if (!member.breaker.tryAcquirePermission()) {
      String reason =
          member.breaker.getState() == CircuitBreaker.State.HALF_OPEN
              ? "circuit breaker half-open, its trial calls taken"
              : "circuit breaker open";
      log.debug("model provider {} skipped: {}", member.name(), reason);
      failed.add(new ProviderFailure(member.name(), reason));
      return Optional.empty();
    }
    var delivered = new AtomicBoolean();
    Consumer<String> watched =
        tokens == null
            ? token -> {}
            : token -> {
              delivered.set(true);
              tokens.accept(token);
            };
    long start = System.nanoTime();
    try {
      ModelReply reply = member.client.stream(request, watched);
      member.breaker.onSuccess(System.nanoTime() - start, TimeUnit.NANOSECONDS);
      return Optional.of(reply);
    } catch (EndpointException e) {
      member.failed(e, System.nanoTime() - start);
      meters
          .counter(ERRORS, "provider", member.name(), "reason", e.kind().name().toLowerCase())
          .increment();
      failed.add(new ProviderFailure(member.name(), e.getMessage()));
      if (delivered.get()) {
        throw ProviderException.midStream(
            "the answer from " + member.name() + " broke off mid-stream: " + e.getMessage(),
            e,
            failed);
      }
      log.warn(
          "model provider {} failed before the first token: {}", member.name(), e.getMessage());
      return Optional.empty();
    } catch (RuntimeException notTheEndpoints) {
      // the caller's token consumer failed, or the caller was interrupted: no verdict on the
      // endpoint, and no point asking the next one
      member.breaker.releasePermission();
      throw notTheEndpoints;
    }
  }

  private Optional<Member> soonestAfterRateLimit(ModelRequest request) {
    var latest = clock.instant().plus(maxRetryWait);
    return members.stream()
        .filter(Member::rateLimited)
        .filter(m -> !m.notBefore().isAfter(latest))
        .filter(m -> request.tools().isEmpty() || m.client.endpoint().tools())
        .min(Comparator.comparing(Member::notBefore));
  }
}
