package io.streamrag.ingest.document;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.apache.tika.Tika;

/**
 * Step 2 of an upload: what the file is, from its bytes, never from its name or the type the client
 * declared (a PDF renamed {@code .txt} is read as a PDF; an image renamed {@code .pdf} is refused
 * as an image). tika-core's magic names the type; a ZIP is a DOCX only when it holds {@code
 * word/document.xml}. The name decides only between Markdown and plain text.
 */
final class FileTypes {

  private static final Tika TIKA = new Tika();

  private static final String DOCX_PART = "word/document.xml";

  /** What a few types that are not taken are, for the message. */
  private static final Map<String, String> HINTS =
      Map.of(
          "application/x-tika-msoffice",
          " (a legacy .doc/.xls/.ppt, or a password-protected Office file)",
          "application/x-tika-ooxml",
          " (an Office file other than a Word document)",
          "application/zip",
          " (an archive)",
          "application/octet-stream",
          " (binary data)");

  /** The type of an upload this service reads, or a 415 naming the type detected. */
  FileType detect(Upload upload) {
    String detected = TIKA.detect(upload.bytes());
    if (detected.equals("application/pdf")) {
      return FileType.PDF;
    }
    if (detected.equals("application/zip") || detected.startsWith("application/x-tika-ooxml")) {
      if (holds(upload.bytes(), DOCX_PART)) {
        return FileType.DOCX;
      }
    }
    // Markdown has no magic of its own: text whose name says Markdown is Markdown, even when it
    // opens like HTML (an HTML comment, an inline tag)
    if (detected.startsWith("text/") && upload.named(".md", ".markdown")) {
      return FileType.MARKDOWN;
    }
    if (detected.equals("text/plain")) {
      return FileType.TEXT;
    }
    throw new DocumentRefused(
        415,
        "unsupported_type",
        upload.fileName()
            + " is "
            + detected
            + HINTS.getOrDefault(detected, "")
            + "; a knowledge base takes Markdown, plain text (UTF-8), PDF and DOCX");
  }

  /** True when the ZIP archive holds an entry of that name. */
  private static boolean holds(byte[] zip, String entryName) {
    try (var in = new ZipInputStream(new ByteArrayInputStream(zip))) {
      for (ZipEntry entry; (entry = in.getNextEntry()) != null; ) {
        if (entry.getName().equals(entryName)) {
          return true;
        }
      }
      return false;
    } catch (IOException | RuntimeException e) {
      return false; // not a readable archive: not a DOCX
    }
  }
}
