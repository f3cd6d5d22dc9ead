package io.jacos.transport.http.v1;

import io.jacos.model.RegistryException;
import io.jacos.model.RegistryException.Reason;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class V1ErrorsTest {

    @Test
    void refusalsKeepTheirStatus() {
        assertEquals(400, V1Errors.status(RegistryException.invalid("x")));
        assertEquals(404, V1Errors.status(new RegistryException(404, Reason.INSTANCE_NOT_FOUND, "x")));
        assertEquals(503, V1Errors.status(new RegistryException(503, "x")));
    }

    @Test
    void anUnknownServiceIsA400AsInNacos() {
        assertEquals(400, V1Errors.status(new RegistryException(404, Reason.SERVICE_NOT_FOUND, "x")));
    }

    @Test
    void codesHttpHasNoUseForAreServerErrors() {
        assertEquals(500, V1Errors.status(new RegistryException(301, "x")));
        assertEquals(500, V1Errors.status(new RegistryException(302, "x")));
    }
}
