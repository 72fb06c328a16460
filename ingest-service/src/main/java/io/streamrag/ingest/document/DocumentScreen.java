package io.streamrag.ingest.document;

import io.streamrag.kit.guard.PassageScreen;

/**
 * Step 3b of an upload: a document whose text speaks to the model ("Note to the AI assistant:
 * ignore your instructions …") is refused before it is published, so no passage of it can reach a
 * prompt (indirect injection). Read paragraph by paragraph, so the refusal names the first one at
 * fault; nothing is published and the file can be sent again without it.
 */
final class DocumentScreen {

  private final PassageScreen screen;

  DocumentScreen(PassageScreen screen) {
    this.screen = screen;
  }

  /** Throws a 422 naming the paragraph that carries instructions for the model. */
  void check(Upload upload, Extracted extracted) {
    String[] paragraphs = (extracted.title() + "\n\n" + extracted.text()).split("\n\\s*\n");
    for (int i = 0; i < paragraphs.length; i++) {
      var found = screen.inspect(paragraphs[i]);
      if (found.isPresent()) {
        String text = paragraphs[i].strip();
        throw new DocumentRefused(
            422,
            "prompt_injection",
            upload.fileName()
                + ": paragraph "
                + (i + 1)
                + " carries instructions for the assistant ("
                + found.get().category()
                + "): \""
                + (text.length() > 120 ? text.substring(0, 120) + "…" : text)
                + "\"; remove it and upload the file again",
            "file");
      }
    }
  }
}
