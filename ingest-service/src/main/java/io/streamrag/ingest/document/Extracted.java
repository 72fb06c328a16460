package io.streamrag.ingest.document;

/**
 * The text of an uploaded file.
 *
 * @param title its own title (a Markdown heading, a PDF's or DOCX's title property), else its name
 * @param text its body, as the chunker reads it
 */
record Extracted(String title, String text) {}
