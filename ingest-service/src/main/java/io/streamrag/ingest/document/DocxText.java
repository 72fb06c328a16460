package io.streamrag.ingest.document;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.apache.poi.xwpf.extractor.XWPFWordExtractor;
import org.apache.poi.xwpf.usermodel.XWPFDocument;

/** The text of a Word document (DOCX): paragraphs and tables in order (Apache POI's XWPF). */
final class DocxText {

  private DocxText() {}

  static Extracted read(Upload upload) {
    try (var docx = new XWPFDocument(new ByteArrayInputStream(upload.bytes()));
        var extractor = new XWPFWordExtractor(docx)) {
      String title = docx.getProperties().getCoreProperties().getTitle();
      return new Extracted(
          title == null || title.isBlank() ? upload.baseName() : title,
          extractor.getText().strip());
    } catch (IOException | RuntimeException e) {
      // POI reports a damaged package or a zip bomb with runtime exceptions as well
      throw new DocumentRefused(
          422, "unreadable", upload.fileName() + " is not a readable DOCX: " + e.getMessage());
    }
  }
}
