package io.streamrag.kit.guard;

import io.streamrag.kit.text.Words;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Refuses messages that try to override the assistant's instructions, in English, Persian or Arabic
 * ("ignore previous instructions", "reveal your system prompt", «دستورات قبلی را نادیده بگیر»,
 * «تجاهل التعليمات السابقة»). Conservative on purpose: a farmer's question never matches.
 */
public final class PromptInjectionGuardrail implements Guardrail {

  private static final List<Pattern> PATTERNS =
      List.of(
          Pattern.compile(
              "\\b(ignore|disregard|forget|override)\\b.{0,30}\\b(previous|prior|above|earlier|all|your|the)\\b.{0,20}\\b(instructions?|prompts?|rules|directives)\\b"),
          Pattern.compile(
              "\\b(reveal|show|print|repeat|output|leak)\\b.{0,20}\\b(system|hidden|initial)\\s+(prompt|instructions?|message)"),
          Pattern.compile("\\byou are no longer\\b|\\bnew instructions\\s*:"),
          Pattern.compile(
              "(دستور|دستورات|دستورالعمل|قوانین|پرامپت).{0,30}(قبلی|بالا|سیستم|اولیه).{0,30}(نادیده|فراموش|کنار بگذار)"),
          Pattern.compile("(نادیده بگیر|فراموش کن).{0,30}(دستور|دستورات|دستورالعمل|قوانین)"),
          Pattern.compile("(پرامپت|دستورات|پیام) (سیستم|سیستمی).{0,20}(را )?(نشان|بگو|چاپ|فاش)"),
          // Arabic, as Words.normalize leaves it (ي→ی, ك→ک, ة→ه, أ→ا)
          Pattern.compile(
              "(تجاهل|انس|اهمل|تخط).{0,30}(التعلیمات|الاوامر|القواعد|التوجیهات|تعلیماتک)"),
          Pattern.compile(
              "(اکشف|اظهر|اطبع|اعرض|کرر|اعطنی).{0,20}(موجه|تعلیمات|رساله|اوامر) (النظام)"));

  @Override
  public Optional<Refusal> check(String message) {
    String text = Words.normalize(message);
    for (Pattern p : PATTERNS) {
      if (p.matcher(text).find()) {
        return Optional.of(
            new Refusal(
                400,
                "prompt_injection",
                "the message tries to change the assistant's instructions; ask your question directly"));
      }
    }
    return Optional.empty();
  }
}
