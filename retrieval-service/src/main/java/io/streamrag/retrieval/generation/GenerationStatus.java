package io.streamrag.retrieval.generation;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * The admin endpoint's view of the index's generations.
 *
 * @param current the generation that serves
 * @param building the generation being built, or {@code null}
 * @param switches the switches since start-up, oldest first
 * @param reembedModel the model a re-embedding would use, or {@code null} when none is configured
 * @param lastFailure why the last build was abandoned, or {@code null}
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record GenerationStatus(
    Entry current,
    Entry building,
    List<Switched> switches,
    @JsonProperty("reembed_model") String reembedModel,
    @JsonProperty("last_failure") String lastFailure) {

  /**
   * One generation.
   *
   * @param progress changes read towards the topic's end at the build's start, 0 to 1
   */
  public record Entry(
      int generation,
      String kind,
      String model,
      long chunks,
      @JsonProperty("caught_up") boolean caughtUp,
      @JsonProperty("changes_read") long changesRead,
      @JsonProperty("changes_to_read") long changesToRead,
      double progress,
      @JsonProperty("started_at") Instant startedAt) {

    static Entry of(Generation g) {
      var p = g.feed().progress();
      return new Entry(
          g.number(),
          g.kind().name().toLowerCase(Locale.ROOT),
          g.embedder().modelId(),
          g.store().size(),
          g.feed().isCaughtUp(),
          p.applied(),
          p.target(),
          Math.round(p.fraction() * 1000) / 1000.0,
          g.startedAt());
    }
  }

  /** A build that finished and took over. */
  public record Switched(
      int generation,
      String kind,
      String model,
      long chunks,
      @JsonProperty("build_seconds") double buildSeconds,
      @JsonProperty("switched_at") Instant switchedAt) {}
}
