package io.streamrag.ingest;

import io.streamrag.schemas.SensorTopics;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.ProducerInterceptor;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

/**
 * A producer interceptor of the tests' ingest-service (configured in {@link IngestOnBroker}) that
 * holds one sensor's snapshot on its way to the broker, in the thread that sends it, until the test
 * lets it go: to put another handler's work between a snapshot's rendering and its publication.
 * Inert for every sensor no test holds.
 */
public final class HeldSnapshots implements ProducerInterceptor<Object, Object> {

  private static final Map<Object, Hold> HOLDS = new ConcurrentHashMap<>();

  /** Holds the next snapshots of {@code sensor} until the hold is closed. */
  static Hold hold(String sensor) {
    var hold = new Hold(sensor);
    HOLDS.put(sensor, hold);
    return hold;
  }

  @Override
  public ProducerRecord<Object, Object> onSend(ProducerRecord<Object, Object> record) {
    var hold =
        SensorTopics.SENSOR_SNAPSHOTS.name().equals(record.topic())
            ? HOLDS.get(record.key())
            : null;
    if (hold != null) {
      hold.held.countDown();
      try {
        // a test that never lets go does not hang the producer's caller forever
        hold.released.await(2, TimeUnit.MINUTES);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return record;
  }

  @Override
  public void onAcknowledgement(RecordMetadata metadata, Exception exception) {}

  @Override
  public void close() {}

  @Override
  public void configure(Map<String, ?> configs) {}

  /** One sensor's snapshots held; closing lets them go. */
  static final class Hold implements AutoCloseable {
    private final String sensor;
    private final CountDownLatch held = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);

    private Hold(String sensor) {
      this.sensor = sensor;
    }

    /** Waits until a snapshot of the sensor is being held. */
    void awaitHeld(Duration timeout) throws InterruptedException {
      if (!held.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new AssertionError("no snapshot of " + sensor + " was sent within " + timeout);
      }
    }

    @Override
    public void close() {
      HOLDS.remove(sensor, this);
      released.countDown();
    }
  }
}
