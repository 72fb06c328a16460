package io.streamrag.llm.provider.openai;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.streamrag.llm.provider.Futures;
import io.streamrag.llm.provider.ProviderException;
import io.streamrag.llm.provider.ProviderFailure;
import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.llm.provider.model.ChatModel;
import io.streamrag.llm.provider.model.ModelReply;
import io.streamrag.llm.provider.model.ModelRequest;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.TaskScheduler;

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

  /** How the chain waits for a rate-limited provider, without a thread; a test advances a clock. */
  @FunctionalInterface
  public interface Delay {
    CompletableFuture<Void> after(Duration duration);

    /** Waits on Spring's scheduler. */
    static Delay on(TaskScheduler scheduler) {
      return duration -> {
        var done = new CompletableFuture<Void>();
        scheduler.schedule(() -> done.complete(null), java.time.Instant.now().plus(duration));
        return done;
      };
    }
  }

  private final List<Member> members;
  private final Duration maxRetryWait;
  private final Clock clock;
  private final Delay delay;
  private final MeterRegistry meters;

  /**
   * @param clients the providers, most preferred first
   * @param maxRetryWait the longest a rate-limited provider is waited for when no other answered
   * @param clock for breakers and Retry-After
   * @param delay how a rate-limited provider is waited for
   * @param meters where failed calls are counted
   */
  public ProviderChain(
      List<OpenAiClient> clients,
      BreakerSettings breaker,
      Duration maxRetryWait,
      Clock clock,
      Delay delay,
      MeterRegistry meters) {
    this.members = clients.stream().map(c -> new Member(c, breaker, clock)).toList();
    this.maxRetryWait = maxRetryWait;
    this.clock = clock;
    this.delay = delay;
    this.meters = meters;
  }

  /** A chain whose failures are counted nowhere (tools, tests). */
  public ProviderChain(
      List<OpenAiClient> clients,
      BreakerSettings breaker,
      Duration maxRetryWait,
      Clock clock,
      Delay delay) {
    this(clients, breaker, maxRetryWait, clock, delay, new CompositeMeterRegistry());
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
  public CompletableFuture<ModelReply> stream(
      ModelRequest request, Consumer<String> tokens, Cancellation cancel) {
    return reply(request, tokens, cancel);
  }

  /** No token reaches anyone, so any failure may fall back until the reply is complete. */
  @Override
  public CompletableFuture<ModelReply> complete(ModelRequest request, Cancellation cancel) {
    return reply(request, null, cancel);
  }

  /** The reply of the first provider that completes one; {@code tokens} null: nobody watches. */
  private CompletableFuture<ModelReply> reply(
      ModelRequest request, Consumer<String> tokens, Cancellation cancel) {
    var failures = new ArrayList<ProviderFailure>();
    // 1. each provider in order, skipping those that cannot take the request now
    return tryFrom(0, request, tokens, cancel, failures)
        .thenCompose(
            reply ->
                reply.isPresent()
                    ? CompletableFuture.completedFuture(reply.get().after(failures))
                    : afterRateLimit(request, tokens, cancel, failures));
  }

  private CompletableFuture<Optional<ModelReply>> tryFrom(
      int index,
      ModelRequest request,
      Consumer<String> tokens,
      Cancellation cancel,
      List<ProviderFailure> failures) {
    if (index >= members.size()) {
      return CompletableFuture.completedFuture(Optional.empty());
    }
    Member member = members.get(index);
    Optional<Skip> skip = skipReason(member, request);
    if (skip.isPresent()) {
      log.debug("model provider {} skipped: {}", member.name(), skip.get().reason());
      failures.add(new ProviderFailure(member.name(), skip.get().code(), skip.get().reason()));
      return tryFrom(index + 1, request, tokens, cancel, failures);
    }
    return attempt(member, request, tokens, cancel, failures)
        .thenCompose(
            reply ->
                reply.isPresent()
                    ? CompletableFuture.completedFuture(reply)
                    : tryFrom(index + 1, request, tokens, cancel, failures));
  }

  /** 2. none answered: wait once for a rate-limited provider that frees up soon enough; 3. fail. */
  private CompletableFuture<ModelReply> afterRateLimit(
      ModelRequest request,
      Consumer<String> tokens,
      Cancellation cancel,
      List<ProviderFailure> failures) {
    Optional<Member> soonest = soonestAfterRateLimit(request);
    if (soonest.isEmpty()) {
      return CompletableFuture.failedFuture(noneAnswered(failures));
    }
    Member member = soonest.get();
    Duration wait = Duration.between(clock.instant(), member.notBefore());
    log.info("every model provider failed; waiting {} ms for {}", wait.toMillis(), member.name());
    return delay
        .after(wait)
        .thenCompose(
            waited -> {
              cancel.check();
              return attempt(member, request, tokens, cancel, failures);
            })
        .thenCompose(
            reply ->
                reply.isPresent()
                    ? CompletableFuture.completedFuture(reply.get().after(failures))
                    : CompletableFuture.failedFuture(noneAnswered(failures)));
  }

  private static ProviderException noneAnswered(List<ProviderFailure> failures) {
    return ProviderException.noneAnswered(
        "no model provider could answer (" + failures + ")", failures);
  }

  /** Why a provider is not asked at all. */
  private record Skip(String code, String reason) {}

  private Optional<Skip> skipReason(Member member, ModelRequest request) {
    if (member.rateLimited()) {
      return Optional.of(new Skip("rate_limited", "rate limited until " + member.notBefore()));
    }
    if (!request.tools().isEmpty() && !member.client.endpoint().tools()) {
      return Optional.of(new Skip("no_tools", "does not support tool calling"));
    }
    return Optional.empty();
  }

  /** One provider's try; empty when it failed before any token reached the caller. */
  private CompletableFuture<Optional<ModelReply>> attempt(
      Member member,
      ModelRequest request,
      Consumer<String> tokens,
      Cancellation cancel,
      List<ProviderFailure> failed) {
    if (!member.breaker.tryAcquirePermission()) {
      String reason =
          member.breaker.getState() == CircuitBreaker.State.HALF_OPEN
              ? "circuit breaker half-open, its trial calls taken"
              : "circuit breaker open";
      log.debug("model provider {} skipped: {}", member.name(), reason);
      failed.add(new ProviderFailure(member.name(), "circuit_open", reason));
      return CompletableFuture.completedFuture(Optional.empty());
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
    return member.client.stream(request, watched, cancel)
        .handle(
            (reply, error) -> {
              if (error == null) {
                member.breaker.onSuccess(System.nanoTime() - start, TimeUnit.NANOSECONDS);
                return Optional.of(reply);
              }
              Throwable cause = Futures.cause(error);
              if (!(cause instanceof EndpointException e)) {
                // the caller's token consumer failed, or the caller left: no verdict on the
                // endpoint, and no point asking the next one
                member.breaker.releasePermission();
                throw Futures.rethrow(cause);
              }
              member.failed(e, System.nanoTime() - start);
              meters
                  .counter(
                      ERRORS, "provider", member.name(), "reason", e.kind().name().toLowerCase())
                  .increment();
              failed.add(
                  new ProviderFailure(
                      member.name(), e.kind().name().toLowerCase(), e.getMessage()));
              if (delivered.get()) {
                throw ProviderException.midStream(
                    "the answer from " + member.name() + " broke off mid-stream: " + e.getMessage(),
                    e,
                    failed);
              }
              log.warn(
                  "model provider {} failed before the first token: {}",
                  member.name(),
                  e.getMessage());
              return Optional.<ModelReply>empty();
            });
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
