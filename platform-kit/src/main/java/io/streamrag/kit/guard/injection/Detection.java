package io.streamrag.kit.guard.injection;

/**
 * Why a layer took a message for an attack.
 *
 * @param layer {@code patterns}, {@code similarity} or {@code judge}
 * @param category what the attack tries: {@code override}, {@code persona}, {@code fake_turn},
 *     {@code jailbreak}, {@code extraction}, {@code other_users}, or {@code unknown}
 * @param language the language of the pattern or corpus entry that matched ({@code en}, {@code es},
 *     {@code fa}, …); {@code und} when the layer cannot tell
 * @param detail for the log: which pattern or entry, the score; never shown to the caller
 */
public record Detection(String layer, String category, String language, String detail) {}
