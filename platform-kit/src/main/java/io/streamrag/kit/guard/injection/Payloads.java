package io.streamrag.kit.guard.injection;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an obviously encoded part of a message says: escapes ({@code \u0069}, {@code \x69}, {@code
 * %69}, {@code &#105;}, {@code &#x69;}, {@code &lt;}), runs of 16 or more hex digits that decode to
 * readable UTF-8 text, base64 runs of 16 or more characters that decode to readable UTF-8 text,
 * again and again while they do (base64 of base64, up to {@value #DEPTH} times), and ROT13 when the
 * rotated text holds a word attacks are made of (ignore, system, prompt…): a shifted alphabet is
 * checked only when it says something. A message with none has no payloads; one with some is
 * checked again as decoded, so an instruction does not hide behind its encoding.
 */
final class Payloads {

  private Payloads() {}

  private static final Pattern BYTE_RUN =
      Pattern.compile("(?:%[0-9a-fA-F]{2})+|(?:\\\\x[0-9a-fA-F]{2})+");
  private static final Pattern UNICODE_ESCAPE = Pattern.compile("\\\\u([0-9a-fA-F]{4})");
  private static final Pattern NUMERIC_ENTITY = Pattern.compile("&#(x?)([0-9a-fA-F]{1,6});");
  private static final Pattern NAMED_ENTITY = Pattern.compile("&(lt|gt|amp|quot|apos|nbsp);");
  private static final Pattern BASE64 = Pattern.compile("[A-Za-z0-9+/_-]{16,}={0,2}");
  private static final Pattern HEX = Pattern.compile("\\b(?:[0-9a-fA-F]{2}){8,}\\b");

  /** How many encodings inside each other are undone. */
  static final int DEPTH = 3;

  /** Words of attacks: a ROT13 view that holds none says nothing the guard reads. */
  private static final Pattern ATTACK_WORD =
      Pattern.compile(
          "\\b(?:ignore|disregard|forget|instructions?|system|prompt|previous|rules|reveal|pretend"
              + "|jailbreak|developer|unrestricted|ignora|instrucciones|olvida|ignorez|ignoriere"
              + "|regeln|abaikan|instruksi|aturan\\w*|sistem|talimat\\w*|api|password)\\b",
          Pattern.CASE_INSENSITIVE);

  private static final Map<String, String> NAMED =
      Map.of("lt", "<", "gt", ">", "amp", "&", "quot", "\"", "apos", "'", "nbsp", " ");

  /** The message as decoded, each way that changes it; empty when nothing was encoded. */
  static List<String> of(String text) {
    var views = new LinkedHashSet<String>();
    String unescaped = unescape(text);
    views.add(unescaped);
    for (String from : List.of(text, unescaped)) {
      String decoded = from;
      for (int depth = 0; depth < DEPTH; depth++) {
        String next = base64(decoded);
        if (next.equals(decoded)) {
          break;
        }
        views.add(next);
        decoded = next;
      }
    }
    String rotated = rot13(text);
    if (saysSomething(rotated)) {
      views.add(rotated);
    }
    morse(text).ifPresent(views::add);
    views.remove(text);
    return new ArrayList<>(views);
  }

  /**
   * Whether a text made by turning the message around (ROT13, read backwards) says something the
   * guard reads: a word attacks are made of. A farmer's message turned around holds none, so it
   * costs the patterns no second pass.
   */
  static boolean saysSomething(String transformed) {
    return ATTACK_WORD.matcher(transformed).find();
  }

  /** Four Morse letters or more, separated by spaces, words by a slash or wider gaps. */
  private static final Pattern MORSE_RUN =
      Pattern.compile("(?:[.\\-]{1,6}(?:\\s+/\\s+|\\s+)){3,}[.\\-]{1,6}");

  private static final Map<String, Character> MORSE = new java.util.HashMap<>();

  static {
    String letters = "abcdefghijklmnopqrstuvwxyz0123456789";
    String[] codes = {
      ".-", "-...", "-.-.", "-..", ".", "..-.", "--.", "....", "..", ".---", "-.-", ".-..", "--",
      "-.", "---", ".--.", "--.-", ".-.", "...", "-", "..-", "...-", ".--", "-..-", "-.--", "--..",
      "-----", ".----", "..---", "...--", "....-", ".....", "-....", "--...", "---..", "----."
    };
    for (int i = 0; i < codes.length; i++) {
      MORSE.put(codes[i], letters.charAt(i));
    }
  }

  /** The Morse code in a message, read as letters, when it says something the guard reads. */
  static Optional<String> morse(String text) {
    Matcher m = MORSE_RUN.matcher(text);
    var out = new StringBuilder();
    while (m.find()) {
      for (String word : m.group().strip().split("\\s*/\\s*|\\s{3,}")) {
        for (String code : word.strip().split("\\s+")) {
          Character letter = MORSE.get(code);
          if (letter == null) {
            return Optional.empty();
          }
          out.append(letter);
        }
        out.append(' ');
      }
    }
    String read = out.toString().strip();
    return read.isEmpty() || !saysSomething(read) ? Optional.empty() : Optional.of(read);
  }

  /** Latin letters shifted by 13, the rest as it is. */
  static String rot13(String text) {
    var out = new StringBuilder(text.length());
    for (char c : text.toCharArray()) {
      if (c >= 'a' && c <= 'z') {
        out.append((char) ('a' + (c - 'a' + 13) % 26));
      } else if (c >= 'A' && c <= 'Z') {
        out.append((char) ('A' + (c - 'A' + 13) % 26));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  private static String unescape(String text) {
    String s = replace(BYTE_RUN, text, m -> utf8(bytes(m.group())).orElse(m.group()));
    s = replace(UNICODE_ESCAPE, s, m -> String.valueOf((char) Integer.parseInt(m.group(1), 16)));
    s =
        replace(
            NUMERIC_ENTITY,
            s,
            m -> {
              int code = Integer.parseInt(m.group(2), m.group(1).isEmpty() ? 10 : 16);
              return Character.isValidCodePoint(code) ? Character.toString(code) : m.group();
            });
    s = replace(NAMED_ENTITY, s, m -> NAMED.get(m.group(1)));
    return replace(HEX, s, m -> utf8(hex(m.group())).filter(Payloads::readable).orElse(m.group()));
  }

  private static byte[] hex(String run) {
    var out = new byte[run.length() / 2];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) Integer.parseInt(run.substring(2 * i, 2 * i + 2), 16);
    }
    return out;
  }

  private static String base64(String text) {
    return replace(BASE64, text, m -> decodeBase64(m.group()).orElse(m.group()));
  }

  private static Optional<String> decodeBase64(String run) {
    try {
      byte[] bytes =
          run.indexOf('-') >= 0 || run.indexOf('_') >= 0
              ? Base64.getUrlDecoder().decode(run)
              : Base64.getDecoder().decode(run);
      return utf8(bytes).filter(Payloads::readable);
    } catch (IllegalArgumentException notBase64) {
      return Optional.empty();
    }
  }

  /** Mostly letters, digits, spaces and punctuation: text, not the bytes of something else. */
  private static boolean readable(String s) {
    long ok =
        s.codePoints()
            .filter(c -> Character.isLetterOrDigit(c) || Character.isWhitespace(c) || c < 0x7f)
            .filter(c -> c >= 0x20 || c == '\n' || c == '\t')
            .count();
    return !s.isBlank() && ok >= 0.9 * s.codePointCount(0, s.length());
  }

  private static byte[] bytes(String run) {
    var out = new ByteArrayOutputStream();
    for (int i = 0; i < run.length(); ) {
      int start = run.charAt(i) == '%' ? i + 1 : i + 2;
      out.write(Integer.parseInt(run.substring(start, start + 2), 16));
      i = start + 2;
    }
    return out.toByteArray();
  }

  private static Optional<String> utf8(byte[] bytes) {
    try {
      return Optional.of(
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString());
    } catch (CharacterCodingException e) {
      return Optional.empty();
    }
  }

  private static String replace(Pattern pattern, String text, Function<MatchResult, String> with) {
    return pattern.matcher(text).replaceAll(m -> Matcher.quoteReplacement(with.apply(m)));
  }
}
