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

import java.nio.charset.StandardCharsets;
import java.time.Clock;
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
 * {@code lastRefTime} is spliced into the cached bytes: a 2.x client that finds it older than the one it holds keeps
 * the data but tells no listener. It is when the view was read ({@link #readMark}, taken before the read), as two
 * nodes make the same revision at different times, so the time a revision was made could tell a client that moved
 * to another node that newer data is older; but never before just after the revision was made, and a revision is
 * made after the one before it: an answer read before a change is older than any answer or push of the change,
 * even in the same millisecond, whichever reaches the client last.
 */
@ApplicationScoped
public class ServiceInfoJson {

    /** Filters of one revision kept at most; beyond it a filter is serialized per call. */
    private static final int MAX_VARIANTS = 32;

    /** Serialized as the answer's time, then cut out: it cannot occur there otherwise (a string's quote is escaped). */
    private static final byte[] MARK = ("\"lastRefTime\":" + Long.MIN_VALUE).getBytes(StandardCharsets.UTF_8);
    private static final int TIME_AT = "\"lastRefTime\":".length();

    private PayloadCodec codec;
    private NamingSettings namingSettings;
    private Clock clock;

    /** For the container's proxy. */
    protected ServiceInfoJson() {
    }

    @Inject
    public ServiceInfoJson(PayloadCodec codec, NamingSettings namingSettings, Clock clock) {
        this.codec = codec;
        this.namingSettings = namingSettings;
        this.clock = clock;
    }

    private record Variant(String clusters, boolean healthyOnly) {
    }

    private record Entry(long revision, Map<Variant, Spliced> jsonByVariant) {
    }

    /** An answer's bytes before and after its time. */
    private record Spliced(ByteString head, ByteString tail) {

        ByteString at(long millis) {
            return head.concat(ByteString.copyFromUtf8(Long.toString(millis))).concat(tail);
        }
    }

    private final Map<ServiceKey, Entry> cache = new ConcurrentHashMap<>();

    /** The time to pass to {@link #of} for a view read after this call. */
    public long readMark() {
        return clock.millis();
    }

    public ByteString of(Selection selection, long readMark) {
        long lastRefTime = Math.max(selection.changedAtMillis() + 1, readMark);
        if (selection.revision() == 0) {
            return serialize(selection, lastRefTime);
        }
        Entry entry = cache.get(selection.service());
        if (entry == null || entry.revision() != selection.revision()) {
            if ((entry != null && entry.revision() > selection.revision())
                    || (entry == null && cache.size() >= namingSettings.answerCacheMaxServices())) {
                return serialize(selection, lastRefTime);
            }
            entry = new Entry(selection.revision(), new ConcurrentHashMap<>());
            cache.put(selection.service(), entry);
        }
        Variant variant = new Variant(selection.clusters(), selection.healthyOnly());
        Spliced json = entry.jsonByVariant().get(variant);
        if (json == null) {
            json = splice(serialize(selection, Long.MIN_VALUE));
            if (entry.jsonByVariant().size() < MAX_VARIANTS) {
                entry.jsonByVariant().put(variant, json);
            }
        }
        return json.at(lastRefTime);
    }

    void onRetired(@Observes ServiceRetired retired) {
        cache.remove(retired.service());
    }

    /** Services with cached answers. */
    public int size() {
        return cache.size();
    }

    private static Spliced splice(ByteString json) {
        int at = indexOfMark(json);
        return new Spliced(json.substring(0, at + TIME_AT), json.substring(at + MARK.length));
    }

    private static int indexOfMark(ByteString json) {
        for (int i = json.size() - MARK.length; i >= 0; i--) {
            int j = 0;
            while (j < MARK.length && json.byteAt(i + j) == MARK[j]) {
                j++;
            }
            if (j == MARK.length) {
                return i;
            }
        }
        throw new IllegalStateException("no lastRefTime in a serialized ServiceInfo");
    }

    private ByteString serialize(Selection selection, long lastRefTime) {
        ServiceKey key = selection.service();
        String grouped = key.groupedName();
        List<HostBody> hosts = new ArrayList<>(selection.hosts().size());
        for (Instance instance : selection.hosts()) {
            hosts.add(HostBody.of(instance, grouped));
        }
        return codec.jsonBytes(new ServiceInfoBody(key.name(), key.group(), selection.clusters(),
                namingSettings.cacheMillis(), hosts, lastRefTime, "", false,
                selection.reachProtectionThreshold(), true));
    }
}
