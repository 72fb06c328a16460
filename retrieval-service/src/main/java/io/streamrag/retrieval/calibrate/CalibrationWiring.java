package io.streamrag.retrieval.calibrate;

import io.streamrag.kit.web.Blocking;
import io.streamrag.retrieval.RetrievalProperties;
import io.streamrag.retrieval.feed.KnowledgeChanges;
import io.streamrag.retrieval.generation.IndexGenerations;
import io.streamrag.retrieval.search.KbFusion;
import io.streamrag.retrieval.store.ChunkStore;
import java.time.Clock;
import java.util.Map;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.ResponseEntity;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Fusion calibrated per KB (issue 15): the calibrations kept with the index, the calibrator that
 * renews them as knowledge changes, and {@code GET /admin/index/calibration} (admin token) that
 * shows them with their figures.
 */
@Configuration(proxyBeanMethods = false)
class CalibrationWiring {

  @Bean
  Calibrations calibrations(ChunkStore store, JsonMapper json) {
    return new Calibrations(store, json);
  }

  /** The weights searches use: each KB's calibrated ones, or none when calibration is off. */
  @Bean
  KbFusion kbFusion(Calibrations calibrations, CalibrationProperties properties) {
    return properties.enabled() ? calibrations : KbFusion.NONE;
  }

  /** Runs the calibrator's passes: one thread, started and stopped by Spring. */
  @Bean
  ThreadPoolTaskScheduler calibrationScheduler() {
    var scheduler = new ThreadPoolTaskScheduler();
    scheduler.setPoolSize(1);
    scheduler.setThreadNamePrefix("fusion-calibration-");
    return scheduler;
  }

  /** The {@code calibration} health component; passes run only when calibration is enabled. */
  @Bean(destroyMethod = "close")
  KbCalibrator calibration(
      ChunkStore store,
      IndexGenerations generations,
      KnowledgeChanges changes,
      Calibrations calibrations,
      CalibrationProperties properties,
      RetrievalProperties retrieval,
      @Qualifier("calibrationScheduler") ThreadPoolTaskScheduler scheduler) {
    var calibrator =
        new KbCalibrator(
            store,
            generations.queryEmbedder(),
            changes,
            calibrations,
            properties,
            retrieval.search(),
            () -> retrieval.routing().keySet(),
            Clock.systemUTC());
    return properties.enabled() ? calibrator.start(scheduler) : calibrator;
  }

  @RestController
  static class CalibrationAdminController {

    private final Calibrations calibrations;
    private final KnowledgeChanges changes;
    private final CalibrationProperties properties;

    CalibrationAdminController(
        Calibrations calibrations, KnowledgeChanges changes, CalibrationProperties properties) {
      this.calibrations = calibrations;
      this.changes = changes;
      this.properties = properties;
    }

    /** Every KB's weights with the figures they were chosen by, and the KBs waiting for one. */
    @GetMapping("/admin/index/calibration")
    Mono<ResponseEntity<?>> show() {
      return Blocking.call(
          () ->
              ResponseEntity.ok(
                  Map.of(
                      "enabled", properties.enabled(),
                      "calibrations", calibrations.all(),
                      "pending", changes.kbs())));
    }
  }
}
