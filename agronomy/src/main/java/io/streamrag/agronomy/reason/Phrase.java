package io.streamrag.agronomy.reason;

/**
 * The templates of the reasons. Placeholders are {@code {name}}; each language file ({@link
 * English}, {@link Persian}, {@link Arabic}) holds one text per constant.
 */
public enum Phrase {
  /** {missing}: the missing inputs. */
  IRRIGATION_MISSING,
  /** {age}, {limit}: hours. Starts the reason; ends with a space. */
  MOISTURE_STALE,
  /** {dr}, {raw}, {crop}, {amount}, {method}, {efficiency}, {check}. */
  IRRIGATE_NOW,
  /** {dr}, {raw}, {crop}, {date}, {amount}, {method}, {efficiency}. */
  IRRIGATE_ON,
  /** {dr}, {raw}, {crop}, {rain}, {rainDate}, {date}. */
  RAIN_FIRST,
  /** {dr}, {raw}, {crop}, {lastDate}, {date}. */
  BELOW_THROUGH_FORECAST,
  /** {date}: after irrigating now, RAW is reached again that day. */
  CHECK_ON,
  /** {date}: the day after the forecast. */
  CHECK_AFTER_FORECAST,
  /** {since}, {station}, {rain}, {et0}: the station's days counted. Ends with a space. */
  OBSERVED_COUNTED,
  /** {since}, {station}: a day missing, so the balance starts at the reading. Ends with a space. */
  OBSERVED_INCOMPLETE,
  /** {rain}, {station}: the alert when observed rain cancels an irrigation. Ends with a space. */
  RAIN_CANCELS_IRRIGATION,
  /** {missing}. */
  FERTILIZATION_MISSING,
  /** {age}, {limit}: days. Starts the reason; ends with a space. */
  NUTRIENTS_STALE,
  /** {crop}, {statuses}, {products}, {total}. */
  FERTILIZE,
  /** {crop}, {statuses}. */
  NO_FERTILIZER,
  /** {nutrient}, {value}, {status}. */
  NUTRIENT_STATUS,
  /** {product}, {amount}. */
  PRODUCT_AMOUNT,
  NITROGEN,
  PHOSPHORUS,
  POTASSIUM,
  LOW,
  MEDIUM,
  HIGH,
  /** Between items of a list but the last two. */
  LIST_SEPARATOR,
  /** Between the last two items of a list. */
  LIST_LAST_SEPARATOR
}
