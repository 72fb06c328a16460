package io.streamrag.ingest.document;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.encryption.AccessPermission;
import org.apache.pdfbox.pdmodel.encryption.StandardProtectionPolicy;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.poi.xwpf.usermodel.XWPFDocument;

/** Real files, written in the test: PDFs by PDFBox, Word documents by POI. */
final class TestFiles {

  private TestFiles() {}

  /** A PDF with a title and one line of text per entry, as many pages as it takes. */
  static byte[] pdf(String title, String... lines) {
    return pdf(title, null, lines);
  }

  /** A PDF that opens only with a password. */
  static byte[] encryptedPdf(String title, String... lines) {
    return pdf(title, "secret", lines);
  }

  /** A PDF with a page that holds a drawing and no text, as a scan holds an image. */
  static byte[] scannedPdf() {
    try (var pdf = new PDDocument()) {
      var page = new PDPage();
      pdf.addPage(page);
      try (var content = new PDPageContentStream(pdf, page)) {
        content.addRect(72, 400, 300, 200);
        content.fill();
      }
      return bytes(pdf);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A Word document with a title property and one paragraph per entry. */
  static byte[] docx(String title, String... paragraphs) {
    try (var docx = new XWPFDocument();
        var out = new ByteArrayOutputStream()) {
      docx.getProperties().getCoreProperties().setTitle(title);
      for (String paragraph : paragraphs) {
        docx.createParagraph().createRun().setText(paragraph);
      }
      docx.write(out);
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The eight bytes every PNG image starts with, and a little more. */
  static byte[] png() {
    return new byte[] {
      (byte) 0x89,
      'P',
      'N',
      'G',
      '\r',
      '\n',
      0x1a,
      '\n',
      0,
      0,
      0,
      13,
      'I',
      'H',
      'D',
      'R',
      0,
      0,
      0,
      1,
      0,
      0,
      0,
      1,
      8,
      2,
      0,
      0,
      0
    };
  }

  private static byte[] pdf(String title, String userPassword, String... lines) {
    try (var pdf = new PDDocument()) {
      var font = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
      for (int from = 0; from < lines.length; from += 40) {
        var page = new PDPage();
        pdf.addPage(page);
        try (var content = new PDPageContentStream(pdf, page)) {
          content.beginText();
          content.setFont(font, 11);
          content.newLineAtOffset(60, 740);
          for (int i = from; i < Math.min(from + 40, lines.length); i++) {
            content.showText(lines[i]);
            content.newLineAtOffset(0, -16);
          }
          content.endText();
        }
      }
      pdf.getDocumentInformation().setTitle(title);
      if (userPassword != null) {
        var policy =
            new StandardProtectionPolicy(
                "owner-" + userPassword, userPassword, new AccessPermission());
        policy.setEncryptionKeyLength(128);
        pdf.protect(policy);
      }
      return bytes(pdf);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] bytes(PDDocument pdf) throws IOException {
    var out = new ByteArrayOutputStream();
    pdf.save(out);
    return out.toByteArray();
  }
}
