package io.jacos.transport.http.v2;

import io.jacos.model.ServiceKey;
import io.jacos.transport.http.HttpAnswer;
import io.jacos.transport.http.HttpResources;
import io.jacos.transport.http.HttpResources.RegistryState;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.function.Supplier;

import static io.jacos.transport.http.v2.V2Api.assertRefused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code PUT /nacos/v2/ns/health/instance} and {@code /ns/health}: health by hand, in the v2 envelope. */
class HealthV2ResourceTest {

    private static final ServiceKey ORDERS = new ServiceKey("public", "shop", "orders");
    private static final String ONE = "serviceName=orders&groupName=shop&ip=10.0.0.1&port=8080";
    private static final HttpServletRequest OPERATOR = HttpResources.from("10.9.9.9");

    private final V2Api api = new V2Api();
    private final HealthV2Resource resource = api.health();
    private final Supplier<Response> instanceHealth = () -> resource.instanceHealth(OPERATOR);

    @BeforeEach
    void registerOne() {
        api.call(ONE, api.instance()::register);
    }

    @Test
    void healthyFalseMarksTheInstanceOnEitherPath() {
        HttpAnswer answer = api.call(ONE + "&healthy=false&clusterName=any", instanceHealth);

        assertEquals("{\"code\":0,\"message\":\"success\",\"data\":\"ok\"}", answer.body());
        assertFalse(healthy());

        api.call(ONE + "&healthy=true", () -> resource.health(OPERATOR));
        assertTrue(healthy());
    }

    @Test
    void healthyIsCheckedFirstAsInNacos() {
        RegistryState before = api.http.state();

        HttpAnswer answer = api.call("port=abc", instanceHealth);

        assertRefused(400, V2Errors.PARAMETER_MISSING, answer);
        assertEquals("Param 'healthy' is required.", answer.json().get("data").asText());
        assertEquals(before, api.http.state());
    }

    @Test
    void refusalsHaveTheirCodesAndChangeNothing() {
        RegistryState before = api.http.state();

        assertRefused(400, V2Errors.PARAMETER_MISSING, api.call("healthy=false&ip=10.0.0.1&port=8080",
                instanceHealth));
        assertRefused(400, V2Errors.PARAMETER_MISSING, api.call("healthy=false&serviceName=orders&port=8080",
                instanceHealth));
        assertRefused(400, V2Errors.PARAMETER_VALIDATE_ERROR, api.call(ONE + "&healthy=unknown", instanceHealth));
        assertRefused(400, V2Errors.INSTANCE_ERROR, api.call(ONE.replace("8080", "99999") + "&healthy=false",
                instanceHealth));
        assertRefused(404, V2Errors.INSTANCE_NOT_FOUND, api.call(ONE.replace("shop", "other") + "&healthy=false",
                instanceHealth));

        assertEquals(before, api.http.state());
        assertTrue(healthy());
    }

    @Test
    void whatAnAttackerTriesIsRefused() {
        RegistryState before = api.http.state();

        assertRefused(400, V2Errors.PARAMETER_VALIDATE_ERROR, api.call(ONE + "&healthy=true&healthy=false",
                instanceHealth));
        assertRefused(400, V2Errors.ILLEGAL_NAMESPACE, api.call(ONE + "&healthy=false&namespaceId="
                + "n".repeat(1000), instanceHealth));

        assertEquals(before, api.http.state());
    }

    private boolean healthy() {
        return api.http.reader.view(ORDERS).instances().get(0).healthy();
    }
}
