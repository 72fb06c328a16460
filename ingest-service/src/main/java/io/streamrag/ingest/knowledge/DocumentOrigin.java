package io.streamrag.ingest.knowledge;

/** Where a document on {@code kb.documents} came from ({@code origin}). */
public final class DocumentOrigin {

  /** The knowledge-folder import: the folder owns it, an import removes it when it leaves. */
  public static final String FOLDER = "folder";

  /** The admin API ({@code POST /admin/kbs/{kb}/documents}): only the admin API removes it. */
  public static final String UPLOAD = "upload";

  private DocumentOrigin() {}
}
