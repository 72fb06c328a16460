package io.streamrag.retrieval.generation;

import io.streamrag.kit.embedding.CachedEmbedder;
import io.streamrag.kit.embedding.Embedder;
import io.streamrag.retrieval.feed.IndexFeed;
import io.streamrag.retrieval.generation.Generation.Kind;
import io.streamrag.retrieval.store.ChunkStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.TaskScheduler;

/**
 * The index's generations: the current one serves every search while the next one, if any, is built
 * from index.changes by a feed of its own; once the next one has caught up with the topic, one
 * atomic reference switch makes it current, and the old one is closed a grace period later, when
 * searches that started on it have ended.
 *
 * <ul>
 *   <li>1. open: the generation {@code CURRENT} names (or a new one), followed from its checkpoint;
 *   <li>2. build: {@link #start} a rebuild (the vectors the changes carry: no embedding) or a
 *       re-embedding (every chunk's text embedded by {@code embedding-next.*}'s model);
 *   <li>3. switch: when the build has caught up, it serves, and {@code CURRENT} names it;
 *   <li>4. retire: the old generation's feed and store are closed and its files deleted.
 * </ul>
 *
 * A replay is idempotent: every change is an upsert or delete by point id, so a generation built
 * twice from the same topic holds the same chunks.
 */
public final class IndexGenerations implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(IndexGenerations.class);
  private static final Duration CHECK_EVERY = Duration.ofMillis(200);
  private static final Duration GRACE = Duration.ofSeconds(5);

  /** Opens the store of one generation: a Lucene index in its directory. */
  public interface StoreOpener {
    ChunkStore open(Path directory, Embedder embedder);

    /** False for a store that keeps its own generations (Qdrant: collections behind an alias). */
    default boolean buildsGenerations() {
      return true;
    }
  }

  /** Makes the feed that builds and follows one generation. */
  public interface FeedFactory {
    /**
     * @param name the feed's consumer name, unique per generation
     * @param reembedder embeds the text of changes from another model; {@code null} for none
     */
    IndexFeed feed(String name, ChunkStore store, Embedder embedder, Embedder reembedder);
  }

  /** A request the generations cannot take now: {@code code} says why. */
  public static final class Refused extends RuntimeException {
    private final String code;

    Refused(String code, String message) {
      super(message);
      this.code = code;
    }

    public String code() {
      return code;
    }
  }

  private final GenerationDirectory directory;
  private final StoreOpener opener;
  private final FeedFactory feeds;
  private final Embedder primary;
  private final Embedder next;
  private final TaskScheduler scheduler;
  private final Clock clock;
  private final AtomicReference<Generation> current = new AtomicReference<>();
  private final Embedder queryEmbedder =
      new CachedEmbedder(new LiveEmbedder(() -> current.get().embedder()), CachedEmbedder.ENTRIES);
  private final List<GenerationStatus.Switched> history = new ArrayList<>();
  private final List<Generation> retiring = new ArrayList<>();
  private Generation building;
  private ScheduledFuture<?> watching;
  private String lastFailure;

  /**
   * Opens the current generation and starts following the topic from its checkpoint.
   *
   * @param root the index directory; {@code null} for temporary generations
   * @param next the model a re-embedding uses; {@code null} when none is configured
   */
  public IndexGenerations(
      Path root,
      StoreOpener opener,
      FeedFactory feeds,
      Embedder primary,
      Embedder next,
      TaskScheduler scheduler,
      Clock clock) {
    this.directory = new GenerationDirectory(root);
    this.opener = opener;
    this.feeds = feeds;
    this.primary = primary;
    this.next = next;
    this.scheduler = scheduler;
    this.clock = clock;
    // 1. open: the generation that served last, with the model its vectors were made by
    if (directory.holdsAnUnusedIndex()) {
      log.warn(
          "{} holds index files of its own, from a version without generations: they are not"
              + " used (generations live in g<N>/); delete them to free the space",
          root);
    }
    int n = directory.current().orElse(directory.highest() + 1);
    Embedder embedder = primary;
    ChunkStore store;
    try {
      store = opener.open(directory.of(n), primary);
    } catch (IllegalStateException wrongModel) {
      if (next == null) {
        throw wrongModel;
      }
      embedder = next; // a re-embedded generation switched to before this restart
      store = opener.open(directory.of(n), next);
    }
    directory.makeCurrent(n);
    var opened = new Generation(n, Kind.OPENED, store, null, embedder, clock.instant());
    // a re-embedded generation goes on embedding the changes ingest still makes with the old model
    opened = withFeed(opened, embedder == primary ? null : embedder);
    opened.feed().start();
    current.set(opened);
  }

  /** The generation that serves now. */
  Generation current() {
    return current.get();
  }

  /** The feed of the generation that serves now. */
  public IndexFeed feed() {
    return current.get().feed();
  }

  /** Searches go to the generation that serves, whichever it is at the time. */
  public ChunkStore searchStore() {
    return new LiveStore(current::get);
  }

  /**
   * Questions are embedded by the model of the generation that serves, each question once while it
   * stays in the shared {@link CachedEmbedder}.
   */
  public Embedder queryEmbedder() {
    return queryEmbedder;
  }

  /**
   * 2. build: starts the next generation.
   *
   * @throws Refused when a build is running, the store keeps its own generations, or a re-embedding
   *     has no other model to use
   */
  public synchronized GenerationStatus start(Kind kind) {
    if (building != null) {
      throw new Refused(
          "build_running", "generation " + building.number() + " is being built; wait for it");
    }
    if (!opener.buildsGenerations()) {
      throw new Refused(
          "not_supported",
          "this store keeps its own generations: restart with"
              + " retrieval.qdrant.new-generation=true (QDRANT_NEW_GENERATION)");
    }
    Embedder embedder = current.get().embedder();
    Embedder reembedder = null;
    if (kind == Kind.REEMBED) {
      if (next == null || next.modelId().equals(embedder.modelId())) {
        throw new Refused(
            "no_other_model",
            "a re-embedding needs another model in embedding-next.* (EMBEDDING_NEXT_PROVIDER ...);"
                + " the index already holds "
                + embedder.modelId());
      }
      embedder = next;
      reembedder = next;
    }
    int n = Math.max(current.get().number(), directory.highest()) + 1;
    directory.delete(n); // the leftovers of a build a crash interrupted
    var store = opener.open(directory.of(n), embedder);
    var built =
        withFeed(new Generation(n, kind, store, null, embedder, clock.instant()), reembedder);
    built.feed().start();
    building = built;
    lastFailure = null;
    log.info("index generation {} ({}, {}) is being built", n, kind, embedder.modelId());
    watching = scheduler.scheduleAtFixedRate(this::check, CHECK_EVERY);
    return status();
  }

  /** What serves, what is being built and how far it is, and the switches so far. */
  public synchronized GenerationStatus status() {
    return new GenerationStatus(
        GenerationStatus.Entry.of(current.get()),
        building == null ? null : GenerationStatus.Entry.of(building),
        List.copyOf(history),
        next == null ? null : next.modelId(),
        lastFailure);
  }

  /** 3. switch, once the build has caught up; a build whose feed died is abandoned. */
  private synchronized void check() {
    if (building == null) {
      return;
    }
    if (!building.feed().isFollowing()) {
      lastFailure = "generation " + building.number() + ": its feed stopped; build it again";
      log.error("index generation {} abandoned: its feed stopped", building.number());
      abandon();
      return;
    }
    if (!building.feed().isCaughtUp()) {
      return;
    }
    var old = current.get();
    building.store().refresh();
    directory.makeCurrent(building.number());
    current.set(building);
    history.add(
        new GenerationStatus.Switched(
            building.number(),
            building.kind().name().toLowerCase(java.util.Locale.ROOT),
            building.embedder().modelId(),
            building.store().size(),
            Duration.between(building.startedAt(), clock.instant()).toMillis() / 1000.0,
            clock.instant()));
    log.info(
        "index generation {} serves ({} chunks); generation {} retires in {}",
        building.number(),
        building.store().size(),
        old.number(),
        GRACE);
    building = null;
    watching.cancel(false);
    // 4. retire, after searches that started on the old generation have ended
    retiring.add(old);
    scheduler.schedule(() -> retire(old), clock.instant().plus(GRACE));
  }

  private void abandon() {
    watching.cancel(false);
    var failed = building;
    building = null;
    failed.close();
    directory.delete(failed.number());
  }

  private synchronized void retire(Generation old) {
    if (!retiring.remove(old)) {
      return; // closed with the service
    }
    try {
      old.close();
      directory.delete(old.number());
      log.info("index generation {} retired", old.number());
    } catch (RuntimeException e) {
      log.warn("index generation {} could not be retired: {}", old.number(), e.getMessage());
    }
  }

  private Generation withFeed(Generation g, Embedder reembedder) {
    var feed = feeds.feed("retrieval-index-g" + g.number(), g.store(), g.embedder(), reembedder);
    return new Generation(g.number(), g.kind(), g.store(), feed, g.embedder(), g.startedAt());
  }

  /** Stops every feed and closes every store; a restart goes on from {@code CURRENT}. */
  @Override
  public synchronized void close() {
    if (building != null) {
      watching.cancel(false);
      building.close(); // an unfinished build is resumed from its checkpoint by nobody: drop it
      directory.delete(building.number());
      building = null;
    }
    retiring.forEach(Generation::close);
    retiring.clear();
    current.get().close();
  }
}
