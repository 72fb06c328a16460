package io.streamrag.kit.embedding;

/** How alike two embeddings of one model are, whatever their norms. */
public final class Cosine {

  private Cosine() {}

  /**
   * The cosine of the angle between {@code a} and {@code b} (of one length), from -1 to 1; 0 when
   * either is all zeros, which has no direction.
   */
  public static double of(float[] a, float[] b) {
    double dot = 0;
    double na = 0;
    double nb = 0;
    for (int i = 0; i < a.length; i++) {
      dot += a[i] * b[i];
      na += a[i] * a[i];
      nb += b[i] * b[i];
    }
    return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
  }
}
