package io.streamrag.retrieval.rerank;

import java.util.List;

/**
 * A small labelled sample for relevance checks: farmers' questions, each with a passage that
 * answers it (grade 2), one on its topic that does not (grade 1) and one off topic (grade 0).
 */
final class LabelledSample {

  record Judged(String question, String passage, int grade) {}

  static final List<List<Judged>> QUESTIONS =
      List.of(
          question(
              "When should I irrigate wheat by soil moisture?",
              "Irrigate wheat when soil moisture in the root zone falls below half of the"
                  + " available water.",
              "Wheat is sown in autumn and harvested in early summer in most regions.",
              "Saffron corms rest during the hot summer months."),
          question(
              "How much nitrogen fertilizer does maize need?",
              "Maize needs about 150 to 200 kg of nitrogen fertilizer per hectare, split between"
                  + " sowing and knee height.",
              "Maize is planted when the soil is warm, in rows 75 cm apart.",
              "Drip irrigation lines should be flushed every month."),
          question(
              "What temperature kills tomato seedlings with frost?",
              "Tomato seedlings die from frost when the temperature drops below 0 °C for a few"
                  + " hours.",
              "Tomato plants grow best with plenty of sunlight and regular watering.",
              "Sheep need fresh water and shade in the afternoon."),
          question(
              "How do I control aphids on roses?",
              "To control aphids on roses, spray them off with water or use insecticidal soap on"
                  + " the undersides of the leaves.",
              "Roses should be pruned in late winter before new growth starts.",
              "Barley tolerates salty soils better than wheat."));

  private static List<Judged> question(
      String question, String answers, String onTopic, String offTopic) {
    return List.of(
        new Judged(question, offTopic, 0),
        new Judged(question, onTopic, 1),
        new Judged(question, answers, 2));
  }

  private LabelledSample() {}
}
