package io.streamrag.agronomy.irrigation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.streamrag.agronomy.field.DepthMoisture;
import io.streamrag.agronomy.field.SoilMoisture;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class RootZoneTest {

  private static final Instant NOW = Instant.parse("2026-12-01T06:00:00Z");

  @Test
  void givenAProfileWhenAveragedThenEachSensorWeighsTheLayerNearestToIt() {
    // given readings at 10, 30 and 60 cm and a 1.0 m root zone
    var moisture =
        new SoilMoisture(
            List.of(
                new DepthMoisture(30, 25.0),
                new DepthMoisture(10, 22.0),
                new DepthMoisture(60, 28.0)),
            null,
            NOW);

    // when
    var zone = RootZone.of(moisture, 1.0);

    // then layers 0–20, 20–45 and 45–100 cm: 0.2 × 22 + 0.25 × 25 + 0.55 × 28 = 26.05 %
    assertThat(zone.layers())
        .containsExactly(
            new Layer(10, 22.0, 0.0, 20.0, 0.2),
            new Layer(30, 25.0, 20.0, 45.0, 0.25),
            new Layer(60, 28.0, 45.0, 100.0, 0.55));
    assertThat(zone.thetaPercent()).isCloseTo(26.05, within(1e-9));
  }

  @Test
  void givenASensorBelowTheRootZoneWhenAveragedThenItWeighsNothing() {
    // given potato's 0.4 m root zone and sensors at 10, 30 and 60 cm
    var moisture =
        new SoilMoisture(
            List.of(
                new DepthMoisture(10, 20.0),
                new DepthMoisture(30, 24.0),
                new DepthMoisture(60, 40.0)),
            null,
            NOW);

    // when
    var zone = RootZone.of(moisture, 0.4);

    // then 0–20 and 20–40 cm share the zone; the 60 cm layer (45 cm down) is outside it
    assertThat(zone.layers()).extracting(Layer::weight).containsExactly(0.5, 0.5, 0.0);
    assertThat(zone.thetaPercent()).isCloseTo(22, within(1e-9));
  }

  @Test
  void givenOnlyTheSensorsSingleReadingWhenAveragedThenItStandsForTheWholeRootZone() {
    var zone = RootZone.of(new SoilMoisture(List.of(), 18.0, NOW), 1.0);

    assertThat(zone.thetaPercent()).isEqualTo(18);
    assertThat(zone.layers()).containsExactly(new Layer(null, 18.0, 0.0, 100.0, 1.0));
  }

  @Test
  void givenProfileDepthsWithoutMoistureWhenAveragedThenTheSingleReadingIsUsed() {
    var moisture = new SoilMoisture(List.of(new DepthMoisture(10, null)), 19.0, NOW);

    assertThat(RootZone.of(moisture, 1.0).thetaPercent()).isEqualTo(19);
    assertThat(RootZone.of(new SoilMoisture(List.of(), null, NOW), 1.0)).isNull();
  }
}
