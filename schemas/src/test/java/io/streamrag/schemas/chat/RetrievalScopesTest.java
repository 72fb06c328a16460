package io.streamrag.schemas.chat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.schemas.serde.SchemaCatalog;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.junit.jupiter.api.Test;

/**
 * Retrieval reads the tenant filter of a call written by an llm-service of either side of the
 * upgrade: the scope since v5, the whole chat before (read-old, write-new).
 */
class RetrievalScopesTest {

  static final ChatRequested CHAT =
      ChatRequested.newBuilder()
          .setRequestId("r-1")
          .setConversationId("c-1")
          .setUserId("farm/k1")
          .setSensorUuid("sensor-7")
          .setPipeline("agronomy")
          .setMessage("how wet is my soil?")
          .setLanguage("en")
          .setRequestedAt(Instant.ofEpochMilli(1_000))
          .build();

  @Test
  void aCallWrittenBeforeTheScopeIsReadWithItsChatsFilterAndMessage() throws IOException {
    // Given a v4 call (the whole chat, a blank query meaning "the message")
    Schema v4 = SchemaCatalog.history(RetrievalRequested.class).get(3);
    GenericRecord old = new GenericData.Record(v4);
    old.put("call_id", "call-1");
    old.put("chat", toGeneric(CHAT, v4.getField("chat").schema()));
    old.put("query", "");
    old.put("requested_at", 1_000L);

    // When today's retrieval reads it
    RetrievalRequested call = readAsCurrent(old, v4);

    // Then its scope is the chat's tenant filter, and it searches the message
    assertThat(RetrievalScopes.of(call))
        .isEqualTo(new RetrievalScope("r-1", "farm/k1", "sensor-7", "agronomy", "en"));
    assertThat(RetrievalScopes.query(call)).isEqualTo("how wet is my soil?");
  }

  @Test
  void aCallWrittenTodayCarriesTheScopeAloneNotTheChat() {
    var call =
        RetrievalRequested.newBuilder()
            .setCallId("call-2")
            .setScope(RetrievalScopes.of(CHAT))
            .setQuery("soil moisture")
            .setRequestedAt(Instant.ofEpochMilli(2_000))
            .build();

    assertThat(call.getChat()).isNull();
    assertThat(call.toString()).doesNotContain("how wet is my soil?");
    assertThat(RetrievalScopes.of(call).getSensorUuid()).isEqualTo("sensor-7");
    assertThat(RetrievalScopes.query(call)).isEqualTo("soil moisture");
  }

  @Test
  void aCallWithNeitherScopeNorChatIsRefusedNotSearchedAsGlobal() {
    var call =
        KnowledgeToolCalled.newBuilder()
            .setCallId("call-3")
            .setAction(KnowledgeAction.LIST)
            .setRequestedAt(Instant.ofEpochMilli(3_000))
            .build();

    assertThatThrownBy(() -> RetrievalScopes.of(call))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("call-3");
  }

  private static GenericRecord toGeneric(ChatRequested chat, Schema schema) throws IOException {
    var bytes = new ByteArrayOutputStream();
    var encoder = EncoderFactory.get().binaryEncoder(bytes, null);
    new SpecificDatumWriter<ChatRequested>(ChatRequested.getClassSchema()).write(chat, encoder);
    encoder.flush();
    var reader = new GenericDatumReader<GenericRecord>(ChatRequested.getClassSchema(), schema);
    return reader.read(null, DecoderFactory.get().binaryDecoder(bytes.toByteArray(), null));
  }

  private static RetrievalRequested readAsCurrent(GenericRecord old, Schema writer)
      throws IOException {
    var bytes = new ByteArrayOutputStream();
    var encoder = EncoderFactory.get().binaryEncoder(bytes, null);
    new GenericDatumWriter<GenericRecord>(writer).write(old, encoder);
    encoder.flush();
    return new SpecificDatumReader<RetrievalRequested>(writer, RetrievalRequested.getClassSchema())
        .read(null, DecoderFactory.get().binaryDecoder(bytes.toByteArray(), null));
  }
}
