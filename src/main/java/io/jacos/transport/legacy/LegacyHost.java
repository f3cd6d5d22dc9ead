package io.jacos.transport.legacy;

import io.jacos.application.BeatTimes;
import io.jacos.model.Instance;

import java.util.Map;

/** One instance as 1.x clients and the v1/v2 HTTP API read it; {@code serviceName} is the grouped name. */
public record LegacyHost(String instanceId, String ip, int port, double weight, boolean healthy, boolean enabled,
                         boolean ephemeral, String clusterName, String serviceName, Map<String, String> metadata,
                         long instanceHeartBeatInterval, long instanceHeartBeatTimeOut, long ipDeleteTimeout) {

    public static LegacyHost of(Instance i, String groupedServiceName, BeatTimes times) {
        return new LegacyHost(i.instanceId(), i.ip(), i.port(), i.weight(), i.healthy(), i.enabled(), i.ephemeral(),
                i.clusterName(), groupedServiceName, i.metadata(), times.interval(i), times.unhealthyTimeout(i),
                times.deleteTimeout(i));
    }
}
