package io.streamrag.bridge.station;

/**
 * A station as its administrator describes it.
 *
 * @param timeZone an IANA zone or a fixed offset: the zone of the station's local dates
 */
public record Station(
    String id,
    String name,
    double latitude,
    double longitude,
    double elevationM,
    String timeZone) {}
