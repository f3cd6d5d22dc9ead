package io.jacos.transport.grpc.dto;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;

/** ServiceInfo as 2.x clients read it: bare {@code name} plus {@code groupName}. */
public record ServiceInfoBody(String name, String groupName, String clusters, long cacheMillis,
                              List<HostBody> hosts, long lastRefTime, String checksum,
                              @JsonProperty("allIPs") boolean allIPs, boolean reachProtectionThreshold,
                              boolean valid) {
}
