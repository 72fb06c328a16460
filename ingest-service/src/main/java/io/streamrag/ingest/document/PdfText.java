package io.streamrag.ingest.document;

import java.io.IOException;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.encryption.InvalidPasswordException;
import org.apache.pdfbox.text.PDFTextStripper;

/**
 * The text of a PDF, page after page (PDFBox). An encrypted PDF is refused when it needs a password
 * to open or when its permissions forbid extracting its text; one that only restricts other uses
 * (printing, editing) is read.
 */
final class PdfText {

  private PdfText() {}

  static Extracted read(Upload upload) {
    try (PDDocument pdf = Loader.loadPDF(upload.bytes())) {
      if (pdf.isEncrypted() && !pdf.getCurrentAccessPermission().canExtractContent()) {
        throw encrypted(upload, "its permissions forbid extracting its text");
      }
      String text = new PDFTextStripper().getText(pdf).strip();
      String title = pdf.getDocumentInformation().getTitle();
      return new Extracted(title == null || title.isBlank() ? upload.baseName() : title, text);
    } catch (InvalidPasswordException e) {
      throw encrypted(upload, "it needs a password to open");
    } catch (IOException e) {
      throw new DocumentRefused(
          422, "unreadable", upload.fileName() + " is not a readable PDF: " + e.getMessage());
    }
  }

  private static DocumentRefused encrypted(Upload upload, String why) {
    return new DocumentRefused(
        422,
        "encrypted_pdf",
        upload.fileName() + " is an encrypted PDF and " + why + "; upload it without encryption");
  }
}
