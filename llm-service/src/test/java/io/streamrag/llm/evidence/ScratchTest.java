package io.streamrag.llm.evidence;

import org.junit.jupiter.api.Test;

class ScratchTest {
  @Test
  void print() {
    var p = new DeterministicPlanner(0.5);
    String[][] qs = {
      {"What is the difference between drip and furrow irrigation?", "en"},
      {"Compare field capacity and wilting point", "en"},
      {"Drip or sprinkler: which uses less water?", "en"},
      {"How much nitrogen for maize vs wheat?", "en"},
      {"How much nitrogen does maize need and when should I irrigate wheat?", "en"},
      {"What is ET0 and how do I use it?", "en"},
      {"How do soil moisture and temperature affect germination?", "en"},
      {"How much nitrogen do maize and wheat need?", "en"},
      {"Which is better for sandy soil, drip or sprinkler irrigation?", "en"},
      {"تفاوت آبیاری قطره‌ای و بارانی چیست؟", "fa"},
      {"برای خاک شور جو بهتر است یا گندم؟", "fa"},
      {"ذرت و گندم چقدر نیتروژن نیاز دارند؟", "fa"},
      {"فرق ظرفیت زراعی و نقطه پژمردگی چیست؟", "fa"},
      {"گندم چقدر نیتروژن لازم دارد و ذرت را کی آبیاری کنم؟", "fa"},
      {"ما الفرق بين الري بالتنقيط والري بالرش؟", "ar"},
      {"كم يحتاج القمح من النيتروجين ومتى أروي الذرة؟", "ar"},
      {"من اخترع الري بالتنقيط؟", "ar"},
      {"نیوتن کی بود؟", "fa"},
      {"رئال مادرید در چه سالی تاسیس شد؟", "fa"},
    };
    for (String[] q : qs) {
      for (Part part : p.decompose(q[0], q[1])) {
        System.out.println(q[0] + "  =>  " + part + "  rewrites=" + Rewrites.of(part.text(), q[1]));
      }
    }
  }
}
