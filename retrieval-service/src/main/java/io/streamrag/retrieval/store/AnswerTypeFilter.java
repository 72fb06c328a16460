package io.streamrag.retrieval.store;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.FilteringTokenFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * Drops, from a Persian question, the noun right after a question word when it only names the kind
 * of answer asked for: a time (در چه سالی, چه زمانی, تا چه سنی) or a thing, amount, way or reason
 * (چه موادی, چه نوع, به چه دلایلی, از چه طریقی). The answer states the year, the food or the way,
 * not the word سال or مواد; cut to its four-letter stem, that word instead matches every passage
 * that mentions any year or any substance, and pulls the question towards the longest of them.
 * Questions only, stems only ({@link BilingualAnalyzer#forQuestions}): passages keep these words,
 * and the whole-word field still weighs the question's exact form. Not persons (چه کسانی): the
 * answer usually repeats them as the head of its relative clause (کسانی که ...), and dropping them
 * lost on the dev halves. Measured with {@link JoinedWordsFilter} on the dev halves (BM25 leg):
 * ParsiNLU nDCG@10 0.7844 to 0.7881 (19 questions up, 6 down), PersianQA unchanged.
 */
final class AnswerTypeFilter extends FilteringTokenFilter {

  /** Question words a type noun follows. */
  static final CharArraySet QUESTION_WORDS =
      PersianStopWords.normalised(List.of("چه", "کدام", "کدوم", "چند", "چندمین"));

  /** Nouns that name the kind of answer, as questions write them after a question word. */
  static final CharArraySet ANSWER_TYPES =
      PersianStopWords.normalised(
          List.of(
              // a time
              "سال",
              "سالی",
              "روز",
              "روزی",
              "زمان",
              "زمانی",
              "وقت",
              "وقتی",
              "موقع",
              "موقعی",
              "ماه",
              "ماهی",
              "سن",
              "سنی",
              "قرن",
              "قرنی",
              "دهه",
              "تاریخ",
              "تاریخی",
              "ساعت",
              "ساعتی",
              // a thing, kind, amount, way or reason
              "چیز",
              "چیزی",
              "چیزهایی",
              "چیزایی",
              "نوع",
              "نوعی",
              "انواعی",
              "مقدار",
              "تعداد",
              "میزان",
              "عواملی",
              "عاملی",
              "موادی",
              "راهی",
              "روشی",
              "طریقی",
              "دلیلی",
              "دلایلی",
              "علتی"));

  private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
  private boolean afterQuestionWord;

  AnswerTypeFilter(TokenStream input) {
    super(input);
  }

  @Override
  protected boolean accept() {
    boolean typeNoun = afterQuestionWord && ANSWER_TYPES.contains(term.buffer(), 0, term.length());
    afterQuestionWord = QUESTION_WORDS.contains(term.buffer(), 0, term.length());
    return !typeNoun;
  }

  @Override
  public void reset() throws IOException {
    super.reset();
    afterQuestionWord = false;
  }
}
