package io.streamrag.ingest.document;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The text of a Markdown or plain-text file, which must be UTF-8 (a byte-order mark is dropped). A
 * Markdown file's first {@code # } heading is its title, as for the knowledge folder's documents.
 */
final class PlainText {

  private PlainText() {}

  static Extracted plain(Upload upload) {
    return new Extracted(upload.baseName(), utf8(upload).strip());
  }

  static Extracted markdown(Upload upload) {
    String body = utf8(upload).strip();
    if (body.startsWith("# ")) {
      int eol = body.indexOf('\n');
      String title = (eol < 0 ? body.substring(2) : body.substring(2, eol)).strip();
      return new Extracted(
          title.isEmpty() ? upload.baseName() : title,
          eol < 0 ? "" : body.substring(eol + 1).strip());
    }
    return new Extracted(upload.baseName(), body);
  }

  private static String utf8(Upload upload) {
    try {
      String text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(upload.bytes()))
              .toString();
      return text.startsWith("\uFEFF") ? text.substring(1) : text;
    } catch (CharacterCodingException e) {
      throw new DocumentRefused(
          415,
          "unsupported_type",
          upload.fileName() + " is text in an encoding other than UTF-8; save it as UTF-8");
    }
  }
}
