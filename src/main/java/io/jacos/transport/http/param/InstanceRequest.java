package io.jacos.transport.http.param;

import io.jacos.application.InstanceSpec;
import io.jacos.application.ServiceRef;

/**
 * A request of the v1 or v2 instance API, read one way for both: the service it names and the instance. The APIs
 * differ only where Nacos's forms do: v1 names the service grouped and v2 bare with its group apart
 * ({@link ServiceNames}); v2 requires {@code ip} and {@code port} before anything else is looked at, where v1
 * leaves a missing address of a write to the use case, which refuses it in the same words after the service.
 *
 * @param spec what the request says of the instance; for a deregister only its address, cluster and
 *             {@code ephemeral}, for a detail its address and cluster
 */
public record InstanceRequest(ServiceRef service, InstanceSpec spec) {

    public enum Api { V1, V2 }

    /** A register or update: the whole instance. */
    public static InstanceRequest write(Api api, RequestParams params) {
        ServiceRef service = service(api, params);
        if (api == Api.V2) {
            requireAddress(params);
        }
        return new InstanceRequest(service, InstanceParams.spec(params));
    }

    /** A deregister: the address, and {@code ephemeral}, which picks the kind of instance to remove. */
    public static InstanceRequest removal(Api api, RequestParams params) {
        ServiceRef service = service(api, params);
        if (api == Api.V2) {
            requireAddress(params);
        }
        return new InstanceRequest(service, address(params, params.text("ip"), params.integer("port"),
                params.bool("ephemeral")));
    }

    /** A detail: the address, required by both APIs, in the cluster named (else {@code DEFAULT}). */
    public static InstanceRequest lookup(Api api, RequestParams params) {
        ServiceRef service = service(api, params);
        return new InstanceRequest(service, address(params, params.required("ip"),
                params.requiredInteger("port"), null));
    }

    private static ServiceRef service(Api api, RequestParams params) {
        return api == Api.V1 ? ServiceNames.v1(params) : ServiceNames.v2(params);
    }

    private static void requireAddress(RequestParams params) {
        params.required("ip");
        params.requiredInteger("port");
    }

    private static InstanceSpec address(RequestParams params, String ip, Integer port, Boolean ephemeral) {
        return new InstanceSpec(null, ip, port, null, null, null, ephemeral, InstanceParams.cluster(params), null);
    }
}
