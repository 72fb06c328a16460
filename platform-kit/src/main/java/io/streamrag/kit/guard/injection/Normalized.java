package io.streamrag.kit.guard.injection;

import java.util.ArrayList;
import java.util.List;

/**
 * A message as every layer reads it.
 *
 * @param original the message as sent
 * @param views the folded message ({@link Folding}) first, then each decoded form of it ({@link
 *     Payloads}) and the message read backwards when that holds an attack word, folded too, then
 *     any of them with misspelled attack words spelled right ({@link Respelled})
 */
public record Normalized(String original, List<String> views) {

  public Normalized {
    views = List.copyOf(views);
  }

  /** Folds the message and whatever it carries encoded. */
  public static Normalized of(String message) {
    var views = new ArrayList<String>();
    views.add(Folding.fold(message));
    // written backwards, read forwards, when that says something (as ROT13 is)
    var decodedViews = new ArrayList<>(Payloads.of(message));
    String backwards = new StringBuilder(message).reverse().toString();
    if (Payloads.saysSomething(backwards)) {
      decodedViews.add(backwards);
    }
    for (String decoded : decodedViews) {
      String folded = Folding.fold(decoded);
      if (!views.contains(folded)) {
        views.add(folded);
      }
    }
    // misspelled attack words, spelled right, in every view so far
    for (String view : List.copyOf(views)) {
      String respelled = Respelled.of(view);
      if (!views.contains(respelled)) {
        views.add(respelled);
      }
    }
    return new Normalized(message, views);
  }

  /** The folded message, without decoding. */
  public String folded() {
    return views.get(0);
  }
}
