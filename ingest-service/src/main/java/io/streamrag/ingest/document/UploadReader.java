package io.streamrag.ingest.document;

import java.io.ByteArrayOutputStream;
import java.util.Map;
import org.springframework.core.ResolvableType;
import org.springframework.core.codec.DecodingException;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.MediaType;
import org.springframework.http.codec.multipart.FilePartEvent;
import org.springframework.http.codec.multipart.PartEvent;
import org.springframework.http.codec.multipart.PartEventHttpMessageReader;
import org.springframework.http.server.reactive.ServerHttpRequest;
import reactor.core.publisher.Mono;

/**
 * Step 1 of an upload: the file of a {@code multipart/form-data} request (its part {@code file}),
 * read as it streams in and never held beyond the size limit. A request that declares a larger body
 * is refused before it is read; one that streams more is read to its end but not kept.
 */
final class UploadReader {

  static final String PART = "file";

  /** What a multipart body may carry besides the file: boundaries, headers, other small fields. */
  private static final long ENVELOPE = 64 * 1024;

  private final PartEventHttpMessageReader parts = new PartEventHttpMessageReader();
  private final long maxBytes;

  UploadReader(long maxBytes) {
    this.maxBytes = maxBytes;
  }

  long maxBytes() {
    return maxBytes;
  }

  /** The uploaded file, or a {@link DocumentRefused} saying why there is none. */
  Mono<Upload> read(ServerHttpRequest request) {
    MediaType type = request.getHeaders().getContentType();
    if (type == null || !MediaType.MULTIPART_FORM_DATA.isCompatibleWith(type)) {
      return Mono.error(
          new DocumentRefused(
              415,
              "unsupported_media_type",
              "send the file as multipart/form-data in a part named "
                  + PART
                  + " (curl -F file=@report.pdf), not "
                  + (type == null ? "a body without Content-Type" : type.toString())));
    }
    long declared = request.getHeaders().getContentLength();
    if (declared > maxBytes + ENVELOPE) {
      return Mono.error(tooLarge(declared + " bytes"));
    }
    var file = new File();
    return parts
        .read(ResolvableType.forClass(PartEvent.class), request, Map.of())
        .doOnNext(file::accept)
        // a body that is not the multipart it says (no boundary, cut short) is the sender's fault
        .onErrorMap(
            DecodingException.class,
            e ->
                new DocumentRefused(
                    400,
                    "invalid_multipart",
                    "the body is not valid multipart/form-data ("
                        + e.getMessage()
                        + "); send the file with curl -F file=@report.pdf"))
        .then(Mono.fromCallable(file::upload));
  }

  private DocumentRefused tooLarge(String size) {
    return new DocumentRefused(
        413,
        "too_large",
        "the upload is "
            + size
            + "; the limit is "
            + maxBytes
            + " bytes ("
            + maxBytes / (1024 * 1024)
            + " MiB, ingest.documents.max-file-size)");
  }

  /** The file part's name and bytes as its events arrive; every buffer is released. */
  private final class File {
    private String name;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private long seen;

    void accept(PartEvent event) {
      DataBuffer content = event.content();
      try {
        if (!(event instanceof FilePartEvent filePart) || !PART.equals(event.name())) {
          return;
        }
        name = filePart.filename();
        seen += content.readableByteCount();
        if (seen <= maxBytes) {
          byte[] chunk = new byte[content.readableByteCount()];
          content.read(chunk);
          bytes.write(chunk, 0, chunk.length);
        }
      } finally {
        DataBufferUtils.release(content);
      }
    }

    Upload upload() {
      if (name == null) {
        throw new DocumentRefused(
            400,
            "missing_file",
            "send the file in a multipart part named "
                + PART
                + ", with a file name (curl -F file=@report.pdf)");
      }
      if (seen > maxBytes) {
        throw tooLarge(seen + " bytes");
      }
      String fileName = FileNames.clean(name);
      if (fileName.isEmpty()) {
        throw new DocumentRefused(
            400, "invalid_file_name", "the file needs a name, e.g. report.pdf");
      }
      return new Upload(fileName, bytes.toByteArray());
    }
  }
}
