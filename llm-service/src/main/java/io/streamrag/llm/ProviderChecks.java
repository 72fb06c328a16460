package io.streamrag.llm;

import io.streamrag.llm.LlmProperties.Provider;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Checks {@code llm.providers} at start-up and keeps the configured entries. Every message names
 * the key, and the environment variable the shipped yml fills it from (entries 0 and 1).
 */
final class ProviderChecks {

  private ProviderChecks() {}

  /** The entries with a base URL or a model, checked; fails with every problem found. */
  static List<Provider> configured(List<Provider> providers) {
    var problems = new ArrayList<String>();
    var kept = new ArrayList<Provider>();
    Map<String, Integer> names = new HashMap<>();
    for (int i = 0; i < providers.size(); i++) {
      Provider p = providers.get(i);
      if (blank(p.baseUrl()) && blank(p.model())) {
        if (!blank(p.apiKey())) {
          problems.add(
              key(i, "api-key")
                  + " is set but "
                  + key(i, "base-url")
                  + " and "
                  + key(i, "model")
                  + " are not: set them too, or unset the key");
        }
        continue; // an unused slot of the shipped yml
      }
      problems.addAll(problems(i, p));
      Integer same = blank(p.name()) ? null : names.putIfAbsent(p.name().strip(), i);
      if (same != null) {
        problems.add(
            key(i, "name")
                + " '"
                + p.name()
                + "' is also the name of llm.providers["
                + same
                + "]: provider names must differ");
      }
      kept.add(p);
    }
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(
          "invalid model provider configuration: " + String.join("; ", problems));
    }
    return List.copyOf(kept);
  }

  private static List<String> problems(int i, Provider p) {
    var problems = new ArrayList<String>();
    if (blank(p.name())) {
      problems.add(key(i, "name") + " is blank: give each provider a name");
    }
    if (blank(p.model())) {
      problems.add(missing(i, "model", "base-url"));
    } else if (blank(p.baseUrl())) {
      problems.add(missing(i, "base-url", "model"));
    } else if (!httpUrl(p.baseUrl())) {
      problems.add(
          key(i, "base-url") + " must be an http:// or https:// URL, not '" + p.baseUrl() + "'");
    }
    check(problems, i, "connect-timeout", p.connectTimeout());
    check(problems, i, "first-token-timeout", p.firstTokenTimeout());
    check(problems, i, "idle-timeout", p.idleTimeout());
    return problems;
  }

  /** Fails unless {@code d} is positive. */
  static void positive(String key, String env, Duration d) {
    if (d != null && (d.isZero() || d.isNegative())) {
      throw new IllegalArgumentException(key + env + " must be positive, not " + d);
    }
  }

  private static void check(List<String> problems, int i, String name, Duration d) {
    try {
      positive("llm.providers[" + i + "]." + name, env(i, name), d);
    } catch (IllegalArgumentException e) {
      problems.add(e.getMessage());
    }
  }

  private static String missing(int i, String absent, String present) {
    return key(i, absent) + " is not set but " + key(i, present) + " is: set both or neither";
  }

  private static boolean httpUrl(String url) {
    try {
      URI uri = URI.create(url.strip());
      return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
          && uri.getHost() != null;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static String key(int i, String name) {
    return "llm.providers[" + i + "]." + name + env(i, name);
  }

  /** {@code " (LLM_MODEL)"} for entry 0, {@code " (LLM_FALLBACK_MODEL)"} for entry 1. */
  private static String env(int i, String name) {
    String prefix = i == 0 ? "LLM_" : i == 1 ? "LLM_FALLBACK_" : null;
    return prefix == null
        ? ""
        : " (" + prefix + name.replace('-', '_').toUpperCase(Locale.ROOT) + ")";
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}
