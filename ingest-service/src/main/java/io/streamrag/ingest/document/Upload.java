package io.streamrag.ingest.document;

/**
 * An uploaded file as received.
 *
 * @param fileName its name, without any folder the client sent
 * @param bytes its content
 */
record Upload(String fileName, byte[] bytes) {

  /** The name without its last extension, a title for a file that has none of its own. */
  String baseName() {
    int dot = fileName.lastIndexOf('.');
    return dot > 0 ? fileName.substring(0, dot) : fileName;
  }

  /** True when the name ends with one of the extensions, case ignored. */
  boolean named(String... extensions) {
    String lower = fileName.toLowerCase(java.util.Locale.ROOT);
    for (String extension : extensions) {
      if (lower.endsWith(extension)) {
        return true;
      }
    }
    return false;
  }
}
