package io.streamrag.gateway.chat;

import io.streamrag.schemas.chat.NeedsHuman;
import java.util.LinkedHashMap;
import java.util.Map;

/** The parts of a question left without evidence (S3.5), as clients read them. */
public final class NeedsHumanJson {

  private NeedsHumanJson() {}

  public static Map<String, Object> of(NeedsHuman needs) {
    var json = new LinkedHashMap<String, Object>();
    json.put("missing", needs.getMissing());
    json.put(
        "found",
        needs.getFound().stream()
            .map(f -> Map.<String, Object>of("part", f.getPart(), "sources", f.getSources()))
            .toList());
    json.put("searches", needs.getSearches());
    return json;
  }
}
