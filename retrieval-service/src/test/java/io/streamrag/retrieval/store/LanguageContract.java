package io.streamrag.retrieval.store;

import static io.streamrag.retrieval.store.ChunkStoreContract.MINE;
import static io.streamrag.retrieval.store.ChunkStoreContract.chunk;
import static io.streamrag.retrieval.store.ChunkStoreContract.ids;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * What every {@link ChunkStore} does with Persian and Arabic text; part of {@link
 * ChunkStoreContract}, which every adapter's test extends.
 */
interface LanguageContract {

  ChunkStore store();

  @Test
  default void aPersianQuestionsExactWordFormRanksAboveAWordSharingOnlyItsStem() {
    store()
        .upsert(chunk("stem", "کشاورزی در این منطقه رایج است", "__global__", "chat", 1, 0, 0, 0));
    store()
        .upsert(chunk("exact", "کشاورزان این منطقه جوان هستند", "__global__", "chat", 1, 0, 0, 0));
    store().refresh();

    assertThat(ids(ContractSearches.lexical(store(), "کشاورزان", MINE, "chat")))
        .containsExactly("exact", "stem");
  }

  @Test
  default void aPersianQuestionFindsAPersianChunkWrittenWithArabicLetterForms() {
    store()
        .upsert(
            chunk(
                "fa",
                "كود نيتروژن را در دو نوبت بدهید",
                "__global__",
                "fertilization",
                1,
                0,
                0,
                0));
    store().refresh();

    assertThat(ids(ContractSearches.lexical(store(), "کود نیتروژن", MINE, "fertilization")))
        .containsExactly("fa");
  }

  @Test
  default void aPersianQuestionTypingACompoundApartRanksTheChunkWritingItJoinedFirst() {
    // سرمایه (capital) and سرماخوردگی (a cold) share their four-letter stem with سرما (cold)
    store()
        .upsert(
            chunk(
                "cold",
                "fa",
                "سرماخوردگی با عطسه و سرفه آغاز می‌شود، چند روز می‌ماند و در زمستان بیشتر است",
                "__global__",
                "chat"));
    store()
        .upsert(
            chunk("capital", "fa", "سرمایه کشاورزان برای خرید بذر کم است", "__global__", "chat"));
    store().refresh();

    assertThat(ids(ContractSearches.lexical(store(), "علائم سرما خوردگی", "fa", MINE, "chat")))
        .containsExactly("cold", "capital");
  }

  @Test
  default void aPersianQuestionTypingACompoundJoinedFindsTheChunkWritingItApart() {
    store().upsert(chunk("gym", "fa", "بدن‌سازی عضلات را قوی می‌کند", "__global__", "chat"));
    store().upsert(chunk("car", "fa", "بدنه خودرو از فولاد است", "__global__", "chat"));
    store().refresh();

    assertThat(ids(ContractSearches.lexical(store(), "بدنسازی چیست؟", "fa", MINE, "chat")))
        .containsExactly("gym");
  }

  @Test
  default void aPersianQuestionAskingInWhichYearRanksTheEventAboveAPassageFullOfYears() {
    store()
        .upsert(
            chunk(
                "founded", "fa", "باشگاه استقلال در ۱۳۲۴ در تهران تأسیس شد", "__global__", "chat"));
    store()
        .upsert(
            chunk(
                "years",
                "fa",
                "باشگاه استقلال سال‌ها در لیگ بود و سال به سال و هر سال بهتر شد",
                "__global__",
                "chat"));
    store().refresh();

    assertThat(
            ids(
                ContractSearches.lexical(
                    store(), "باشگاه استقلال در چه سالی تاسیس شد؟", "fa", MINE, "chat")))
        .containsExactly("founded", "years");
  }

  @Test
  default void anArabicQuestionFindsAnArabicChunkThroughArticlesParticlesAndSuffixes() {
    store()
        .upsert(
            chunk(
                "ar",
                "ar",
                "جدولة الري: تروى المحاصيل عندما تنخفض رطوبة التربة إلى نصف الماء المتاح",
                "__global__",
                "irrigation"));
    store().upsert(chunk("en", "en", "Drip irrigation saves water", "__global__", "irrigation"));
    store().refresh();

    for (String question : new String[] {"محاصيل", "والري", "تربة", "متى أروي محاصيلي؟"}) {
      assertThat(ids(ContractSearches.lexical(store(), question, "ar", MINE, "irrigation")))
          .as(question)
          .containsExactly("ar");
    }
  }

  @Test
  default void
      givenArabicAndPersianChunksThenEachLanguagesQuestionGetsItsOwnAndPersianResultsStayAsTheyWere() {
    store()
        .upsert(
            chunk(
                "fa-pattern", "fa", "الگوی کشت مناسب برای زمین شور جو است", "__global__", "chat"));
    store()
        .upsert(chunk("fa-wheat", "fa", "کشت گندم در زمین شور کم بازده است", "__global__", "chat"));
    store()
        .upsert(
            chunk("ar", "ar", "أفضل نمط زراعي للأراضي المالحة هو الشعير", "__global__", "chat"));
    store().refresh();

    assertThat(ids(ContractSearches.lexical(store(), "الگوی کشت", "fa", MINE, "chat")))
        .containsExactly("fa-pattern", "fa-wheat");
    assertThat(
            ids(
                ContractSearches.lexical(
                    store(), "ما هو النمط الزراعي المناسب للأرض المالحة؟", "ar", MINE, "chat")))
        .containsExactly("ar");
  }
}
