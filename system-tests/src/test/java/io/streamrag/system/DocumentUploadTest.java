package io.streamrag.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.function.Predicate;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Documents without a rebuild, with every service running: a PDF uploaded to a knowledge base is
 * cited in an answer through the gateway within seconds, and once deleted it is never cited again.
 */
class DocumentUploadTest {

  static final String ADMIN = "dev-admin-token";
  static final String SENTENCE =
      "The Zarghan frost survey found that pistachio buds survive minus four degrees"
          + " when the orchard floor is dry.";
  static final String QUESTION = "What did the Zarghan frost survey find about pistachio buds?";
  static final String SOURCE = "chat/zarghan-frost-survey.pdf";
  static final Duration GENEROUS = Duration.ofSeconds(60);
  static RunningSystem system;

  @BeforeAll
  static void start() {
    system = RunningSystem.shared();
  }

  @Test
  void anUploadedPdfIsCitedWithinSecondsAndNeverAgainOnceDeleted() throws Exception {
    // Given a PDF with a distinctive sentence, uploaded to the demo's general KB
    byte[] pdf = pdf("Zarghan frost survey", "Orchard notes, spring.", SENTENCE);
    long uploaded = System.nanoTime();
    var upload =
        Http.upload(
            system.ingestUrl() + "/admin/kbs/chat/documents",
            ADMIN,
            "zarghan-frost-survey.pdf",
            pdf);
    long uploadMs = (System.nanoTime() - uploaded) / 1_000_000;
    assertThat(upload.status()).isEqualTo(202);
    String docId = upload.body().get("doc_id").asString();

    // When ingest has indexed it (its chunks counted) and a farmer asks about it through the
    // gateway, Then an answer cites it within seconds
    long indexedMs = untilIndexed(docId);
    long asked = System.nanoTime();
    var cited = askUntil(answer -> cites(answer), GENEROUS);
    long searchableMs = (System.nanoTime() - uploaded) / 1_000_000;
    System.out.printf(
        "upload -> searchable (cited through the gateway): %d ms = upload call %d ms"
            + " + indexed by ingest %d ms later + %d ms asking until cited%n",
        searchableMs, uploadMs, indexedMs, (System.nanoTime() - asked) / 1_000_000);
    assertThat(cited.tokens()).containsIgnoringCase("pistachio buds survive");

    // When it is deleted
    long deleted = System.nanoTime();
    var delete =
        Http.call("DELETE", system.ingestUrl() + "/admin/kbs/chat/documents/" + docId, ADMIN);
    assertThat(delete.status()).isEqualTo(202);

    // Then its chunks leave the answers, and it is never cited again
    askUntil(answer -> answer.count("done") == 1 && !cites(answer), GENEROUS);
    System.out.printf(
        "delete -> gone from answers: %d ms%n", (System.nanoTime() - deleted) / 1_000_000);
    for (int i = 0; i < 3; i++) {
      var answer = ask();
      assertThat(answer.count("done")).isEqualTo(1);
      assertThat(cites(answer)).as("a deleted document is cited").isFalse();
      assertThat(answer.tokens()).doesNotContain("minus four degrees");
    }
    assertThat(Http.call("GET", system.ingestUrl() + "/admin/kbs/chat/documents/" + docId, ADMIN))
        .extracting(Http.Json::status)
        .isEqualTo(404);
  }

  /** Ms from the upload until the document's chunks are counted (its manifest is written). */
  private static long untilIndexed(String docId) throws InterruptedException {
    long start = System.nanoTime();
    String url = system.ingestUrl() + "/admin/kbs/chat/documents/" + docId;
    await()
        .atMost(GENEROUS)
        .pollInterval(Duration.ofMillis(20))
        .until(() -> !Http.call("GET", url, ADMIN).body().get("chunks").isNull());
    return (System.nanoTime() - start) / 1_000_000;
  }

  private static Http.Chat ask() {
    return Http.chat(system.gatewayUrl(), "dev-farmer-key", WholeFlowTest.FARMER_SENSOR, QUESTION);
  }

  private static boolean cites(Http.Chat answer) {
    return answer.events().stream()
        .anyMatch(e -> e.name().equals("citation") && e.data().contains(SOURCE));
  }

  /** Asks again, a new request each time, until an answer matches. */
  private static Http.Chat askUntil(Predicate<Http.Chat> match, Duration within)
      throws InterruptedException {
    return await()
        .atMost(within)
        .pollInterval(Duration.ofMillis(100))
        .until(DocumentUploadTest::ask, match::test);
  }

  /** A one-page PDF written by PDFBox, one line per entry. */
  private static byte[] pdf(String title, String... lines) throws IOException {
    try (var pdf = new PDDocument()) {
      var page = new PDPage();
      pdf.addPage(page);
      try (var content = new PDPageContentStream(pdf, page)) {
        content.beginText();
        content.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), 11);
        content.newLineAtOffset(60, 740);
        for (String line : lines) {
          content.showText(line);
          content.newLineAtOffset(0, -16);
        }
        content.endText();
      }
      pdf.getDocumentInformation().setTitle(title);
      var out = new ByteArrayOutputStream();
      pdf.save(out);
      return out.toByteArray();
    }
  }
}
