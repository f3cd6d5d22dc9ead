package io.jacos.transport.http.v2;

import io.jacos.model.RegistryException;
import io.jacos.model.RegistryException.Reason;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class V2ErrorsTest {

    @Test
    void missingParametersAre10000() {
        assertCode(10000, 400, RegistryException.missing("ip", "Param 'ip' is required."));
    }

    @Test
    void illegalParametersMapByTheParameterTheyName() {
        assertCode(21000, 400, RegistryException.illegal("serviceName", "x"));
        assertCode(21001, 400, RegistryException.illegal("weight", "x"));
        assertCode(21002, 400, RegistryException.illegal("metadata", "x"));
        assertCode(21004, 400, RegistryException.illegal("ip", "x"));
        assertCode(21004, 400, RegistryException.illegal("clusterName", "x"));
        assertCode(21006, 400, RegistryException.illegal("selector", "x"));
        assertCode(22000, 400, RegistryException.illegal("namespace", "x"));
        assertCode(20002, 400, RegistryException.illegal("pageNo", "x"));
    }

    @Test
    void resourceReasonsHaveTheirOwnCodes() {
        assertCode(21007, 400, new RegistryException(400, Reason.SERVICE_EXISTS, "x"));
        assertCode(21008, 400, new RegistryException(404, Reason.SERVICE_NOT_FOUND, "x"));
        assertCode(21009, 400, new RegistryException(400, Reason.SERVICE_NOT_EMPTY, "x"));
        assertCode(21003, 404, new RegistryException(404, Reason.INSTANCE_NOT_FOUND, "x"));
        assertCode(22001, 400, new RegistryException(400, Reason.NAMESPACE_NOT_FOUND, "x"));
        assertCode(22002, 400, new RegistryException(400, Reason.NAMESPACE_EXISTS, "x"));
    }

    @Test
    void refusalsWithoutAReasonGoByTheirCode() {
        assertCode(22001, 400, RegistryException.invalid("Namespace 'x' does not exist."));
        assertCode(20002, 400, RegistryException.invalid("anything"));
        assertCode(20004, 404, new RegistryException(404, "gone"));
        assertCode(30000, 503, new RegistryException(503, "too many"));
        assertCode(30000, 500, new RegistryException(301, "Connection is unregistered."));
    }

    private static void assertCode(int code, int status, RegistryException e) {
        assertEquals(code, V2Errors.code(e).code(), e.getMessage());
        assertEquals(status, V2Errors.status(e), e.getMessage());
    }
}
