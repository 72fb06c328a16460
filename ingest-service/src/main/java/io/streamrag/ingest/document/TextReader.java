package io.streamrag.ingest.document;

import java.nio.charset.StandardCharsets;

/**
 * Step 3 of an upload: the file's text, by its type; a file with no text (a scanned PDF: images
 * only, no text layer) or with more text than one record carries is refused.
 */
final class TextReader {

  private final long maxTextBytes;

  TextReader(long maxTextBytes) {
    this.maxTextBytes = maxTextBytes;
  }

  Extracted read(Upload upload, FileType type) {
    Extracted extracted =
        switch (type) {
          case PDF -> PdfText.read(upload);
          case DOCX -> DocxText.read(upload);
          case MARKDOWN -> PlainText.markdown(upload);
          case TEXT -> PlainText.plain(upload);
        };
    if (extracted.text().codePoints().noneMatch(Character::isLetterOrDigit)) {
      throw new DocumentRefused(
          422,
          "no_text",
          upload.fileName()
              + (type == FileType.PDF
                  ? " has no text layer (a scanned PDF?); text is not recognised from images here"
                  : " has no text"));
    }
    long bytes = extracted.text().getBytes(StandardCharsets.UTF_8).length;
    if (bytes > maxTextBytes) {
      throw new DocumentRefused(
          413,
          "too_much_text",
          upload.fileName()
              + " holds "
              + bytes
              + " bytes of text; one document may hold at most "
              + maxTextBytes
              + " (ingest.documents.max-text-size): split it");
    }
    return extracted;
  }
}
