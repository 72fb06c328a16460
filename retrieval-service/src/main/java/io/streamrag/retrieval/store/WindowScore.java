package io.streamrag.retrieval.store;

/**
 * How the dense leg scores a chunk embedded as several windows ({@code
 * retrieval.search.window-score}).
 */
public enum WindowScore {
  /** The chunk's best window: a question answered anywhere in the chunk finds it (default). */
  MAX,
  /**
   * The mean of the chunk's windows, over the candidates the best window found: favours chunks
   * about the question throughout.
   */
  MEAN
}
