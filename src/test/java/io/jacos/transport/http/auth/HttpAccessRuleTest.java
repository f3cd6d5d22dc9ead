package io.jacos.transport.http.auth;

import org.junit.jupiter.api.Test;

import static io.jacos.transport.http.auth.HttpAccessRule.Need;
import static org.junit.jupiter.api.Assertions.assertEquals;

class HttpAccessRuleTest {

    @Test
    void theNamingApiReadsAndWritesInItsNamespace() {
        assertEquals(Need.READ, HttpAccessRule.need("GET", "/v1/ns/instance/list"));
        assertEquals(Need.WRITE, HttpAccessRule.need("POST", "/v1/ns/instance"));
        assertEquals(Need.WRITE, HttpAccessRule.need("PUT", "/v1/ns/instance/beat"));
        assertEquals(Need.WRITE, HttpAccessRule.need("DELETE", "/v2/ns/instance"));
        assertEquals(Need.READ, HttpAccessRule.need("GET", "/v2/ns/service/list"));
    }

    @Test
    void serverWideOperationsNeedAnAdminToWrite() {
        assertEquals(Need.ADMIN, HttpAccessRule.need("PUT", "/v1/ns/operator/switches"));
        assertEquals(Need.IDENTITY, HttpAccessRule.need("GET", "/v1/ns/operator/metrics"));
        assertEquals(Need.ADMIN, HttpAccessRule.need("POST", "/v1/console/namespaces"));
        assertEquals(Need.IDENTITY, HttpAccessRule.need("GET", "/v1/core/cluster/nodes"));
        assertEquals(Need.ADMIN, HttpAccessRule.need("POST", "/v1/ns/raft/vote"));
    }

    @Test
    void healthAndStateStayOpen() {
        assertEquals(Need.NONE, HttpAccessRule.need("GET", "/v1/console/health/readiness"));
        assertEquals(Need.NONE, HttpAccessRule.need("GET", "/v1/console/server/state"));
    }

    @Test
    void prometheusNamesItsNamespaceInThePath() {
        assertEquals(Need.PROMETHEUS, HttpAccessRule.need("GET", "/prometheus"));
        assertEquals("*", HttpAccessRule.prometheusNamespace("/prometheus"));
        assertEquals("dev", HttpAccessRule.prometheusNamespace("/prometheus/namespaceId/dev"));
        assertEquals("dev", HttpAccessRule.prometheusNamespace("/prometheus/namespaceId/dev/service/orders"));
    }
}
