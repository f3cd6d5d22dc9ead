package io.jacos.settings;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.util.List;

/**
 * The bounds of the naming data and its answers: sizes of inputs and pages, how many clients, namespaces and
 * edits are kept, the answer cache, and when empty services are swept.
 */
@ApplicationScoped
public class NamingSettings {

    public static final Setting MAX_PAGE_SIZE = new Setting("jacos.naming.max-page-size", "100000");
    public static final Setting ANSWER_CACHE_MAX_SERVICES =
            new Setting("jacos.naming.answer-cache.max-services", "100000");
    public static final Setting CACHE_MILLIS = new Setting("jacos.naming.cache-millis", "10000");
    public static final Setting MAX_METADATA_CHARS = new Setting("jacos.naming.max-metadata-chars", "1024");
    public static final Setting MAX_INSTANCE_ID_LENGTH = new Setting("jacos.naming.max-instance-id-length", "1024");
    public static final Setting MAX_INSTANCES_PER_BATCH = new Setting("jacos.naming.max-instances-per-batch", "2000");
    public static final Setting MAX_CLUSTERS_PER_SERVICE =
            new Setting("jacos.naming.max-clusters-per-service", "256");
    public static final Setting EMPTY_SERVICE_CLEAN_INTERVAL =
            new Setting("nacos.naming.clean.empty-service.interval", "60000");
    public static final Setting EMPTY_SERVICE_EXPIRY =
            new Setting("nacos.naming.clean.empty-service.expired-time", "60000");
    public static final Setting MAX_IP_PORT_CLIENTS = new Setting("jacos.naming.max-ip-port-clients", "100000");
    public static final Setting MAX_NAMESPACES = new Setting("jacos.naming.max-namespaces", "1000");
    public static final Setting MAX_INSTANCE_OVERRIDES = new Setting("jacos.admin.max-instance-overrides", "10000");

    static final List<Setting> SETTINGS = List.of(MAX_PAGE_SIZE, ANSWER_CACHE_MAX_SERVICES, CACHE_MILLIS,
            MAX_METADATA_CHARS, MAX_INSTANCE_ID_LENGTH, MAX_INSTANCES_PER_BATCH, MAX_CLUSTERS_PER_SERVICE,
            EMPTY_SERVICE_CLEAN_INTERVAL, EMPTY_SERVICE_EXPIRY, MAX_IP_PORT_CLIENTS, MAX_NAMESPACES,
            MAX_INSTANCE_OVERRIDES);

    private int maxPageSize;
    private int answerCacheMaxServices;
    private long cacheMillis;
    private int maxMetadataChars;
    private int maxInstanceIdLength;
    private int maxInstancesPerBatch;
    private int maxClustersPerService;
    private long emptyServiceCleanIntervalMillis;
    private long emptyServiceExpiryMillis;
    private int maxIpPortClients;
    private int maxNamespaces;
    private int maxInstanceOverrides;

    /** Nothing read, every value zero: for the container's proxy, and tests that override what they use. */
    public NamingSettings() {
    }

    @Inject
    public NamingSettings(Config config) {
        maxPageSize = MAX_PAGE_SIZE.intValue(config);
        answerCacheMaxServices = ANSWER_CACHE_MAX_SERVICES.intValue(config);
        cacheMillis = CACHE_MILLIS.longValue(config);
        maxMetadataChars = MAX_METADATA_CHARS.intValue(config);
        maxInstanceIdLength = MAX_INSTANCE_ID_LENGTH.intValue(config);
        maxInstancesPerBatch = MAX_INSTANCES_PER_BATCH.intValue(config);
        maxClustersPerService = MAX_CLUSTERS_PER_SERVICE.intValue(config);
        emptyServiceCleanIntervalMillis = EMPTY_SERVICE_CLEAN_INTERVAL.longValue(config);
        emptyServiceExpiryMillis = EMPTY_SERVICE_EXPIRY.longValue(config);
        maxIpPortClients = MAX_IP_PORT_CLIENTS.intValue(config);
        maxNamespaces = MAX_NAMESPACES.intValue(config);
        maxInstanceOverrides = MAX_INSTANCE_OVERRIDES.intValue(config);
    }

    /** Larger service-list pages are cut to this size (clients such as Spring Cloud ask for Integer.MAX_VALUE). */
    public int maxPageSize() {
        return maxPageSize;
    }

    /** Services whose serialized answers are cached at most; others are serialized per call. */
    public int answerCacheMaxServices() {
        return answerCacheMaxServices;
    }

    public long cacheMillis() {
        return cacheMillis;
    }

    /** Most characters in one instance's metadata, keys and values together (Nacos's own limit is 1024). */
    public int maxMetadataChars() {
        return maxMetadataChars;
    }

    /** Longest instance id a client may supply; generated ids are not limited. */
    public int maxInstanceIdLength() {
        return maxInstanceIdLength;
    }

    /** Most instances in one batch registration. */
    public int maxInstancesPerBatch() {
        return maxInstancesPerBatch;
    }

    /** Instance clusters one service may hold; an instance in a new cluster beyond it is refused (0 = no limit). */
    public int maxClustersPerService() {
        return maxClustersPerService;
    }

    public long emptyServiceCleanIntervalMillis() {
        return emptyServiceCleanIntervalMillis;
    }

    public long emptyServiceExpiryMillis() {
        return emptyServiceExpiryMillis;
    }

    /** 1.x clients (one per instance ip:port, one per UDP subscriber) at most; more are refused with 503. */
    public int maxIpPortClients() {
        return maxIpPortClients;
    }

    /** Namespaces created through the console API at most. */
    public int maxNamespaces() {
        return maxNamespaces;
    }

    /** Operator edits of ephemeral instances kept at once (each lasts as long as its instance); more are refused. */
    public int maxInstanceOverrides() {
        return maxInstanceOverrides;
    }
}
