package io.streamrag.kit.warmup;

/**
 * One service's hot path, run on made-up input before the service says it is ready, so that the
 * first real request finds it compiled (the JIT compiles a method after it ran often enough) and
 * its lazy parts (a model session, a searcher, a codec) made. A round must not write to Kafka or
 * change any state a user could see.
 */
public interface WarmUp {

  /** Names it in the {@code warmUp} health details. */
  String name();

  /** Runs the hot path once; {@code round} counts from 0 (to vary the input). */
  void round(int round) throws Exception;

  /** Whether its inputs exist yet (e.g. the index has caught up); rounds wait until then. */
  default boolean canStart() {
    return true;
  }
}
