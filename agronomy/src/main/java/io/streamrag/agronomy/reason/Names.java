package io.streamrag.agronomy.reason;

import io.streamrag.agronomy.table.Row;
import java.util.ArrayList;
import java.util.List;

/** A thing's name in the three answer languages (S0.8), as its table row gives them. */
public record Names(String en, String fa, String ar) {

  /** The row's key column as the English name, {@code name_fa} and {@code name_ar} beside it. */
  public static Names of(Row row, String keyColumn) {
    return new Names(row.key(keyColumn), row.text("name_fa"), row.text("name_ar"));
  }

  /** The three names and the aliases: every one finds the row. */
  public List<String> keysWith(List<String> aliases) {
    var keys = new ArrayList<String>(List.of(en, fa, ar));
    keys.addAll(aliases);
    return keys;
  }

  /** The name in {@code language} ({@code fa}, {@code ar}); English otherwise. */
  public String in(String language) {
    return switch (Phrases.languageOf(language)) {
      case "fa" -> fa;
      case "ar" -> ar;
      default -> en;
    };
  }
}
