package io.jacos.it.client1;

import com.alibaba.nacos.api.naming.pojo.Instance;
import io.jacos.it.support.NamingClients;

import java.util.List;
import java.util.Map;

/** Shortened beat times set per instance, as 1.x users do, so expiry is seen within a test. */
final class Client1Support {

    static final long BEAT_INTERVAL = 1000;
    static final long UNHEALTHY_AFTER = 3000;
    static final long DELETED_AFTER = 6000;

    static final Map<String, String> FAST_BEATS = Map.of(
            "preserved.heart.beat.interval", Long.toString(BEAT_INTERVAL),
            "preserved.heart.beat.timeout", Long.toString(UNHEALTHY_AFTER),
            "preserved.ip.delete.timeout", Long.toString(DELETED_AFTER));

    /** The same, as {@code RegisteringClientMain} takes metadata. */
    static final String FAST_BEATS_ARG = String.join(";", FAST_BEATS.entrySet().stream()
            .map(e -> e.getKey() + "=" + e.getValue()).sorted().toList());

    private Client1Support() {
    }

    static Instance fastBeating(String ip, int port) {
        Instance instance = NamingClients.instance(ip, port);
        instance.setMetadata(FAST_BEATS);
        return instance;
    }

    /** {@code ip:port:healthy} per instance, sorted. */
    static List<String> health(List<Instance> instances) {
        return instances.stream().map(i -> i.getIp() + ":" + i.getPort() + ":" + (i.isHealthy() ? "up" : "down"))
                .sorted().toList();
    }
}
