package io.jacos.transport.http.param;

import io.jacos.application.InstanceSpec;
import io.jacos.model.RegistryException;

/**
 * An instance as the v1 and v2 instance APIs send it. Register spells the switch {@code enable} and update
 * {@code enabled}; both are read, {@code enabled} winning, and the cluster may come as {@code clusterName} or
 * {@code cluster}. Missing values stay null for the application to default and check.
 */
public final class InstanceParams {

    private InstanceParams() {
    }

    public static InstanceSpec spec(RequestParams params) {
        Boolean enabled = params.bool("enabled");
        if (enabled == null) {
            enabled = params.bool("enable");
        }
        return new InstanceSpec(null, params.text("ip"), params.integer("port"),
                params.decimal("weight"), params.bool("healthy"), enabled, params.bool("ephemeral"),
                cluster(params), MetadataParam.parse(params, "metadata"));
    }

    /** {@code clusterName}, else its older spelling {@code cluster}, else null. */
    public static String cluster(RequestParams params) {
        String cluster = params.text("clusterName");
        return cluster != null ? cluster : params.text("cluster");
    }

    /** Refuses a beat for {@code ephemeral=false}: the server checks persistent instances itself. */
    public static void requireEphemeralBeat(Boolean ephemeral) {
        if (Boolean.FALSE.equals(ephemeral)) {
            throw RegistryException.illegal("ephemeral", "Param 'ephemeral' is illegal: persistent instances "
                    + "(ephemeral=false) take no beats, the server checks their health.");
        }
    }
}
