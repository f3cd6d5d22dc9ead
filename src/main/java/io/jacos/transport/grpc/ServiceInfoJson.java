package io.jacos.transport.grpc;

import io.jacos.application.Selection;
import io.jacos.settings.NamingSettings;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.transport.grpc.dto.HostBody;
import io.jacos.transport.grpc.dto.ServiceInfoBody;
import com.google.protobuf.ByteString;
import io.jacos.event.ServiceRetired;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Serialized 2.x ServiceInfo (UTF-8 JSON), cached per service revision and filter. Fifty subscribers of one
 * service, or a thousand queries between two changes, cost one serialization; answers splice the bytes in
 * without copying. Memory is bounded: only services that exist are cached (a query for a made-up name costs
 * a serialization, not an entry), a retired service's entry goes with it, each service keeps only its newest
 * revision, and there are at most {@code jacos.naming.answer-cache.max-services} services.
 * {@code lastRefTime} is the time the revision was made, so clients never see newer data as older.
 */
@ApplicationScoped
public class ServiceInfoJson {

    /** Filters of one revision kept at most; beyond it a filter is serialized per call. */
    private static final int MAX_VARIANTS = 32;

    private PayloadCodec codec;
    private NamingSettings namingSettings;

    /** For the container's proxy. */
    protected ServiceInfoJson() {
    }

    @Inject
    public ServiceInfoJson(PayloadCodec codec, NamingSettings namingSettings) {
        this.codec = codec;
        this.namingSettings = namingSettings;
    }

    private record Variant(String clusters, boolean healthyOnly) {
    }

    private record Entry(long revision, Map<Variant, ByteString> jsonByVariant) {
    }

    private final Map<ServiceKey, Entry> cache = new ConcurrentHashMap<>();

    public ByteString of(Selection selection) {
        if (selection.revision() == 0) {
            return serialize(selection);
        }
        Entry entry = cache.get(selection.service());
        if (entry == null || entry.revision() != selection.revision()) {
            if ((entry != null && entry.revision() > selection.revision())
                    || (entry == null && cache.size() >= namingSettings.answerCacheMaxServices())) {
                return serialize(selection);
            }
            entry = new Entry(selection.revision(), new ConcurrentHashMap<>());
            cache.put(selection.service(), entry);
        }
        Variant variant = new Variant(selection.clusters(), selection.healthyOnly());
        ByteString json = entry.jsonByVariant().get(variant);
        if (json == null) {
            json = serialize(selection);
            if (entry.jsonByVariant().size() < MAX_VARIANTS) {
                entry.jsonByVariant().put(variant, json);
            }
        }
        return json;
    }

    void onRetired(@Observes ServiceRetired retired) {
        cache.remove(retired.service());
    }

    /** Services with cached answers. */
    public int size() {
        return cache.size();
    }

    private ByteString serialize(Selection selection) {
        ServiceKey key = selection.service();
        String grouped = key.groupedName();
        List<HostBody> hosts = new ArrayList<>(selection.hosts().size());
        for (Instance instance : selection.hosts()) {
            hosts.add(HostBody.of(instance, grouped));
        }
        return codec.jsonBytes(new ServiceInfoBody(key.name(), key.group(), selection.clusters(),
                namingSettings.cacheMillis(), hosts, selection.changedAtMillis(), "", false,
                selection.reachProtectionThreshold(), true));
    }
}
