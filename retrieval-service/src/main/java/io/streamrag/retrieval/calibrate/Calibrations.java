package io.streamrag.retrieval.calibrate;

import io.streamrag.retrieval.search.KbFusion;
import io.streamrag.retrieval.store.ChunkStore;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.json.JsonMapper;

/**
 * The calibrated fusion weights of every KB, as searches read them ({@link KbFusion}), kept with
 * the index as notes {@code calibration.<kb>} (JSON): a restart serves the weights it had, and a
 * new generation of the index gets them written again.
 */
public final class Calibrations implements KbFusion {

  static final String NOTE = "calibration.";

  private final ChunkStore store;
  private final JsonMapper json;
  private final Map<String, Calibration> byKb = new ConcurrentHashMap<>();

  /** The calibrations the index holds. */
  public Calibrations(ChunkStore store, JsonMapper json) {
    this.store = store;
    this.json = json;
    store
        .notes()
        .forEach(
            (key, value) -> {
              if (key.startsWith(NOTE)) {
                var c = json.readValue(value, Calibration.class);
                byKb.put(c.kb(), c);
              }
            });
  }

  @Override
  public Optional<Weights> of(String kb) {
    var c = byKb.get(kb);
    return c == null || !c.chosen()
        ? Optional.empty()
        : Optional.of(new Weights(c.lexicalWeight(), c.denseWeight()));
  }

  /** One KB's calibration, if it has one. */
  public Optional<Calibration> calibration(String kb) {
    return Optional.ofNullable(byKb.get(kb));
  }

  /** Every calibration, by KB name. */
  public List<Calibration> all() {
    return List.copyOf(new TreeMap<>(byKb).values());
  }

  /** Serves {@code c} from now on and keeps it with the index. */
  public void put(Calibration c) {
    byKb.put(c.kb(), c);
    store.note(NOTE + c.kb(), json.writeValueAsString(c));
  }

  /**
   * Writes again every calibration the serving index lacks (a generation built since holds none).
   *
   * @return how many were written
   */
  public int keepWithTheIndex() {
    var notes = store.notes();
    int written = 0;
    for (var c : byKb.values()) {
      if (!notes.containsKey(NOTE + c.kb())) {
        store.note(NOTE + c.kb(), json.writeValueAsString(c));
        written++;
      }
    }
    return written;
  }
}
