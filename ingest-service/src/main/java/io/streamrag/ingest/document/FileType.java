package io.streamrag.ingest.document;

/** The kinds of file a knowledge base takes, with the media type each is published as. */
enum FileType {
  MARKDOWN("text/markdown"),
  TEXT("text/plain"),
  PDF("application/pdf"),
  DOCX("application/vnd.openxmlformats-officedocument.wordprocessingml.document");

  private final String mediaType;

  FileType(String mediaType) {
    this.mediaType = mediaType;
  }

  String mediaType() {
    return mediaType;
  }
}
