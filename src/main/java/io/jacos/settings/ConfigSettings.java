package io.jacos.settings;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.util.List;

/**
 * Bounds of the configuration service (configurations per namespace; held long polls, their hold time, publish
 * bodies) and how often a node looks in the shared store for changes other nodes made.
 */
@ApplicationScoped
public class ConfigSettings {

    public static final Setting MAX_LONG_POLLS = new Setting("jacos.config.max-long-polls", "20000");
    public static final Setting MAX_HOLD = new Setting("jacos.config.max-long-poll-millis", "300000");
    public static final Setting MAX_PUBLISH_BODY_BYTES = new Setting("jacos.config.max-body-bytes", "33554432");
    public static final Setting CATCH_UP = new Setting("jacos.config.catch-up-millis", "1000");
    public static final Setting MAX_PER_NAMESPACE = new Setting("jacos.config.max-per-namespace", "10000");
    public static final Setting LARGE_WRITE_BYTES = new Setting("jacos.config.large-write-bytes", "16777216");

    static final List<Setting> SETTINGS = List.of(MAX_LONG_POLLS, MAX_HOLD, MAX_PUBLISH_BODY_BYTES, CATCH_UP,
            MAX_PER_NAMESPACE, LARGE_WRITE_BYTES);

    private int maxLongPolls;
    private long maxHoldMillis;
    private int maxPublishBodyBytes;
    private long catchUpMillis;
    private int maxPerNamespace;
    private long largeWriteBytes;

    /** Nothing read: for the container's proxy; every bound is then its least. */
    public ConfigSettings() {
    }

    @Inject
    public ConfigSettings(Config config) {
        this(MAX_LONG_POLLS.intValue(config), MAX_HOLD.longValue(config), MAX_PUBLISH_BODY_BYTES.intValue(config),
                CATCH_UP.longValue(config), MAX_PER_NAMESPACE.intValue(config));
        this.largeWriteBytes = LARGE_WRITE_BYTES.longValue(config);
    }

    public ConfigSettings(int maxLongPolls, long maxHoldMillis, int maxPublishBodyBytes, long catchUpMillis,
                          int maxPerNamespace) {
        this.maxPerNamespace = maxPerNamespace;
        this.maxLongPolls = maxLongPolls;
        this.maxHoldMillis = maxHoldMillis;
        this.maxPublishBodyBytes = maxPublishBodyBytes;
        this.catchUpMillis = catchUpMillis;
        this.largeWriteBytes = Long.parseLong(LARGE_WRITE_BYTES.defaultValue());
    }

    /** Long polls held at once, over every client; one more is refused with 503. */
    public int maxLongPolls() {
        return Math.max(1, maxLongPolls);
    }

    /** The longest a long poll is held, whatever its client asks; at least Nacos's least, 10 s. */
    public long maxHoldMillis() {
        return Math.max(10_000, maxHoldMillis);
    }

    /**
     * The largest form body of a configuration publish: room for content of the 10 MiB the service takes, as
     * clients URL-encode it (line ends and most punctuation take three bytes).
     */
    public int maxPublishBodyBytes() {
        return Math.max(1, maxPublishBodyBytes);
    }

    /**
     * How often the store is read for changes other nodes committed. Their notices make it read at once; this look
     * is what bounds the delay when a notice is lost (a partition, a restart).
     */
    public long catchUpMillis() {
        return Math.max(100, catchUpMillis);
    }

    /**
     * How many bytes of large writes (publish bodies and contents over 1 MiB, imports) the node takes in at once,
     * over every client and transport; one more waits a little, then is refused (503). The embedded database
     * closes itself for good when a commit runs out of memory, so this keeps the heap for what is in flight.
     */
    public long largeWriteBytes() {
        return Math.max(1 << 20, largeWriteBytes);
    }

    /** Configurations one namespace may hold; creating one more is refused (503), replacing one is not. */
    public int maxPerNamespace() {
        return Math.max(1, maxPerNamespace);
    }
}
