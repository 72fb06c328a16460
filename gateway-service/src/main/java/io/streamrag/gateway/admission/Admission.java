package io.streamrag.gateway.admission;

import io.streamrag.gateway.auth.Caller;
import io.streamrag.gateway.web.Refusals;
import io.streamrag.gateway.web.Refused;
import io.streamrag.kit.guard.Guardrail;
import io.streamrag.kit.guard.Refusal;
import java.util.Optional;

/**
 * The one admission of every question, whatever its endpoint (chat, {@code /v1}, advice): the
 * caller owns the sensor, which becomes the only tenant filter retrieval applies (S1.6), and may
 * use the pipeline, whose knowledge bases are the only ones searched; then the guardrails on the
 * words that reach the model (S0.2). Each endpoint reads its own body and reports a refusal in its
 * API's shape.
 */
public final class Admission {

  /**
   * What a question is asked under, once admitted: whose, about which sensor, in which pipeline.
   */
  public record Scope(Caller caller, String sensorUuid, String pipeline) {

    /** The owner the request and its conversation are stored under. */
    public String owner() {
      return caller.owner();
    }
  }

  private final Guardrail question;
  private final Guardrail context;

  /**
   * @param question the guardrails of a question, in order: its length, then injection
   * @param context the guardrail of other words that reach the model beside the question (earlier
   *     turns a client sends, an advice query): injection, and text that speaks to the model
   */
  public Admission(Guardrail question, Guardrail context) {
    this.question = question;
    this.context = context;
  }

  /**
   * The caller's scope: it must own {@code sensorUuid} ({@code 403 forbidden_sensor}) and may use
   * {@code pipeline}, or its default when none is named ({@code 403 forbidden_pipeline}).
   *
   * @throws Refused naming the field at fault
   */
  public Scope scope(Caller caller, String sensorUuid, String pipeline) {
    if (!caller.owns(sensorUuid)) {
      throw new Refused(Refusals.forbiddenSensor(sensorUuid));
    }
    String used = pipeline == null ? caller.pipelines().get(0) : pipeline;
    if (!caller.mayUse(used)) {
      throw new Refused(
          403, "forbidden_pipeline", "this API key may not use pipeline " + used, "pipeline");
    }
    return new Scope(caller, sensorUuid, used);
  }

  /** Why the question may not be asked (too long, an injection attempt), if it may not. */
  public Optional<Refusal> screenQuestion(String text) {
    return question.check(text);
  }

  /** Why words beside the question may not reach the model, if they may not. */
  public Optional<Refusal> screenContext(String text) {
    return text == null ? Optional.empty() : context.check(text);
  }
}
