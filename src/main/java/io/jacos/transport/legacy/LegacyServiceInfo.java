package io.jacos.transport.legacy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.jacos.application.Selection;
import io.jacos.application.BeatTimes;
import io.jacos.model.Instance;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * ServiceInfo as 1.x clients read it: {@code name} is the grouped name, because the 1.4.6 client fires a
 * listener only when {@code name} and {@code clusters} give back its own subscription key. The HTTP list answer
 * also carries {@code groupName}; a UDP push leaves it out, as Nacos does.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LegacyServiceInfo(String name, String groupName, String clusters, long cacheMillis,
                                List<LegacyHost> hosts, long lastRefTime, String checksum,
                                @JsonProperty("allIPs") boolean allIPs, boolean reachProtectionThreshold,
                                boolean valid, Map<String, String> metadata) {

    public static LegacyServiceInfo of(Selection selection, Map<String, String> serviceMetadata, long cacheMillis,
                                       boolean withGroupName, BeatTimes times) {
        String grouped = selection.service().groupedName();
        List<LegacyHost> hosts = new ArrayList<>(selection.hosts().size());
        for (Instance instance : selection.hosts()) {
            hosts.add(LegacyHost.of(instance, grouped, times));
        }
        return new LegacyServiceInfo(grouped, withGroupName ? selection.service().group() : null,
                selection.clusters(), cacheMillis, hosts, selection.changedAtMillis(),
                Long.toString(selection.revision()), false, selection.reachProtectionThreshold(), true,
                serviceMetadata);
    }
}
