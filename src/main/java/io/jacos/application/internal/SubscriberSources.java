package io.jacos.application.internal;

import io.jacos.settings.NamingSettings;
import io.jacos.settings.UdpSettings;
import io.jacos.model.ClientId;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Which UDP subscriber endpoints each source address (the TCP peer of the list call) has named. A 1.x list call
 * names the endpoint to push to, so without a bound one caller could aim the server's pushes at any number of
 * hosts and ports. Each source may name at most {@code jacos.udp.max-subscribers-per-source} endpoints; an
 * endpoint it names again is renewed, one it stops naming is forgotten after the subscriber expiry, as the
 * subscription itself is. Every entry stands for a 1.x client, so all entries together stay within
 * {@code jacos.naming.max-ip-port-clients}.
 * <p>
 * Each source's entries change only inside its map entry's atomic {@code compute}, so concurrent list calls
 * from one source never pass its bound.
 */
@ApplicationScoped
public class SubscriberSources {

    /** What {@link #admit} did: recorded a new endpoint, renewed one the source named before, or refused. */
    public enum Admission {
        NEW, RENEWED, REFUSED
    }

    private final Map<String, Map<ClientId, Long>> bySource = new ConcurrentHashMap<>();
    private final AtomicInteger total = new AtomicInteger();
    private Clock clock;
    private UdpSettings udpSettings;
    private NamingSettings namingSettings;

    /** For the container's proxy. */
    SubscriberSources() {
    }

    @Inject
    public SubscriberSources(Clock clock, UdpSettings udpSettings, NamingSettings namingSettings) {
        this.clock = clock;
        this.udpSettings = udpSettings;
        this.namingSettings = namingSettings;
    }

    /**
     * Records (or renews) that {@code source} names {@code subscriber}. Refused, recording nothing, when the source
     * already names its maximum of other endpoints or the entries of all sources reach their bound. With the
     * per-source limit off (0) everything is admitted as new and nothing is recorded.
     */
    public Admission admit(String source, ClientId subscriber) {
        int perSource = udpSettings.udpMaxSubscribersPerSource();
        if (perSource <= 0) {
            return Admission.NEW;
        }
        long now = clock.millis();
        Admission[] admission = {Admission.REFUSED};
        bySource.compute(source, (key, named) -> {
            Map<ClientId, Long> endpoints = named == null ? new HashMap<>() : named;
            if (endpoints.containsKey(subscriber)) {
                endpoints.put(subscriber, now);
                admission[0] = Admission.RENEWED;
            } else if (endpoints.size() < perSource && total.get() < namingSettings.maxIpPortClients()) {
                endpoints.put(subscriber, now);
                total.incrementAndGet();
                admission[0] = Admission.NEW;
            }
            return endpoints.isEmpty() ? null : endpoints;
        });
        return admission[0];
    }

    /** Forgets an endpoint {@link #admit} recorded as new, for a subscription that was refused after all. */
    public void release(String source, ClientId subscriber) {
        bySource.computeIfPresent(source, (key, endpoints) -> {
            if (endpoints.remove(subscriber) != null) {
                total.decrementAndGet();
            }
            return endpoints.isEmpty() ? null : endpoints;
        });
    }

    /** Forgets the endpoints their source has not named for the subscriber expiry; call it periodically. */
    public void expire() {
        long oldest = clock.millis() - udpSettings.udpSubscriberExpiryMillis();
        for (String source : List.copyOf(bySource.keySet())) {
            bySource.computeIfPresent(source, (key, endpoints) -> {
                int before = endpoints.size();
                endpoints.values().removeIf(namedAt -> namedAt < oldest);
                total.addAndGet(endpoints.size() - before);
                return endpoints.isEmpty() ? null : endpoints;
            });
        }
    }

    /** Endpoints {@code source} names now. */
    public int countFrom(String source) {
        int[] count = {0};
        // Read under the entry's lock like every change: the endpoint maps are plain maps.
        bySource.computeIfPresent(source, (key, endpoints) -> {
            count[0] = endpoints.size();
            return endpoints;
        });
        return count[0];
    }
}
