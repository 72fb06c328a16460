package io.streamrag.retrieval.calibrate;

import java.time.Instant;
import java.util.Map;

/**
 * The fusion weights chosen for one knowledge base, with the figures they were chosen by.
 *
 * @param kb the knowledge base
 * @param lexicalWeight BM25's weight in reciprocal-rank fusion
 * @param denseWeight the dense leg's weight (0: its language is not read, or dense did not help)
 * @param queries how many pseudo-queries were asked
 * @param chunks how many of the KB's chunks they were drawn from
 * @param lexicalMrr mean reciprocal rank (cut at 10 documents) of the lexical leg alone
 * @param denseMrr the dense leg alone, 0 when it could not run
 * @param fusedMrr the chosen weights
 * @param mrrByDenseWeight every dense weight tried (lexical 1), and its figure
 * @param reason why these weights, in words
 * @param calibratedAt when
 * @param chosen whether the figures chose these weights; if not (too few chunks, or both legs find
 *     the documents), the KB keeps the configured weight of each question's language, which these
 *     only echo
 */
public record Calibration(
    String kb,
    double lexicalWeight,
    double denseWeight,
    int queries,
    int chunks,
    double lexicalMrr,
    double denseMrr,
    double fusedMrr,
    Map<String, Double> mrrByDenseWeight,
    String reason,
    Instant calibratedAt,
    boolean chosen) {}
