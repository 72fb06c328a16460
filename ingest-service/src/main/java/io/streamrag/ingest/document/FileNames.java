package io.streamrag.ingest.document;

/**
 * File names as they are kept: the last segment of what the client sent (a browser may send a whole
 * path), without control characters, at most 200 characters. The name is part of the document's id
 * and of the source its citations show ({@code <kb>/<file name>}).
 */
final class FileNames {

  static final int MAX_LENGTH = 200;

  private FileNames() {}

  static String clean(String name) {
    String last = name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
    String clean = last.replaceAll("\\p{Cntrl}", "").strip();
    if (clean.matches("\\.*")) {
      return ""; // "", "." or ".."
    }
    return clean.length() > MAX_LENGTH ? clean.substring(clean.length() - MAX_LENGTH) : clean;
  }
}
