package io.streamrag.gateway.webhook;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Which keys already got an alert whose delivery to another key is being retried, so a retry sends
 * it only to the keys still owed it. Held by this replica, in memory, while the alert is retried;
 * forgotten once every key got it or it is dead-lettered. Bounded: the oldest alerts are dropped
 * first (at worst a key gets an alert twice, which its alert id tells apart).
 */
final class DeliveredKeys {

  private static final int MAX_ALERTS = 10_000;

  private final Map<String, Set<String>> byAlert =
      new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Set<String>> eldest) {
          return size() > MAX_ALERTS;
        }
      };

  synchronized boolean got(String alertId, String user) {
    return byAlert.getOrDefault(alertId, Set.of()).contains(user);
  }

  synchronized void delivered(String alertId, String user) {
    byAlert.computeIfAbsent(alertId, id -> new HashSet<>()).add(user);
  }

  synchronized void forget(String alertId) {
    byAlert.remove(alertId);
  }
}
