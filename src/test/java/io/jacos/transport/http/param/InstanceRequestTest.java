package io.jacos.transport.http.param;

import io.jacos.application.InstanceSpec;
import io.jacos.application.ServiceRef;
import io.jacos.model.RegistryException;
import io.jacos.transport.http.param.InstanceRequest.Api;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The v1 and v2 instance APIs read one way, differing only where Nacos's forms do. */
class InstanceRequestTest {

    @Test
    void v1NamesTheServiceGroupedAndV2Bare() {
        InstanceRequest v1 = InstanceRequest.write(Api.V1, RequestParams.of(Map.of("serviceName", "g@@orders",
                "ip", "10.0.0.1", "port", "80")));
        InstanceRequest v2 = InstanceRequest.write(Api.V2, RequestParams.of(Map.of("serviceName", "orders",
                "groupName", "g", "ip", "10.0.0.1", "port", "80")));

        assertEquals(new ServiceRef(null, "g", "orders"), v1.service());
        assertEquals(v1, v2);
    }

    @Test
    void v2RequiresTheAddressOfAWriteWhereV1LeavesItToTheUseCase() {
        RequestParams noIp = RequestParams.of(Map.of("serviceName", "orders", "port", "80"));

        RegistryException refused = assertThrows(RegistryException.class, () -> InstanceRequest.write(Api.V2, noIp));

        assertEquals("Param 'ip' is required.", refused.getMessage());
        assertNull(InstanceRequest.write(Api.V1, noIp).spec().ip());
        assertNull(InstanceRequest.removal(Api.V1, noIp).spec().ip());
        assertThrows(RegistryException.class, () -> InstanceRequest.removal(Api.V2, noIp));
    }

    @Test
    void aDeregisterReadsTheAddressAndTheKindOnly() {
        InstanceRequest removal = InstanceRequest.removal(Api.V1, RequestParams.of(Map.of("serviceName", "orders",
                "ip", "10.0.0.1", "port", "80", "ephemeral", "false", "weight", "not a number")));

        assertEquals(new InstanceSpec(null, "10.0.0.1", 80, null, null, null, false, null, null), removal.spec());
    }

    @Test
    void aDetailNeedsTheAddressInBothAndTakesEitherSpellingOfTheCluster() {
        RequestParams params = RequestParams.of(Map.of("serviceName", "orders", "ip", "10.0.0.1", "port", "80",
                "cluster", "c1"));

        assertEquals("c1", InstanceRequest.lookup(Api.V1, params).spec().clusterName());
        assertEquals("c1", InstanceRequest.lookup(Api.V2, params).spec().clusterName());
        assertThrows(RegistryException.class, () -> InstanceRequest.lookup(Api.V1,
                RequestParams.of(Map.of("serviceName", "orders", "ip", "10.0.0.1"))));
    }
}
