package io.streamrag.bridge.publish;

import io.streamrag.bridge.validate.InvalidReading;
import java.time.Instant;

/**
 * A refused payload as a reject keeps it, whatever it claimed to be.
 *
 * @param transport {@code http}, {@code mqtt} or a poller's name
 * @param sender the device or station that sent it, when known; else null
 * @param kept what is kept of the payload
 * @param why the reason, with the field it names
 * @param at when it arrived
 */
public record Refusal(
    String transport, String sender, KeptPayload kept, InvalidReading why, Instant at) {}
