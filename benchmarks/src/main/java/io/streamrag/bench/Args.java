package io.streamrag.bench;

import java.util.HashMap;
import java.util.Map;

/** {@code --name value} arguments with defaults. */
final class Args {

  private final Map<String, String> values = new HashMap<>();

  Args(String[] args, int from) {
    for (int i = from; i < args.length; i++) {
      if (!args[i].startsWith("--") || i + 1 >= args.length) {
        throw new IllegalArgumentException("expected --name value, got " + args[i]);
      }
      values.put(args[i].substring(2), args[++i]);
    }
  }

  boolean has(String name) {
    return values.containsKey(name);
  }

  String text(String name, String fallback) {
    return values.getOrDefault(name, fallback);
  }

  int integer(String name, int fallback) {
    return values.containsKey(name) ? Integer.parseInt(values.get(name)) : fallback;
  }

  double decimal(String name, double fallback) {
    return values.containsKey(name) ? Double.parseDouble(values.get(name)) : fallback;
  }
}
