package io.jacos.transport.http.v1;

import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.transport.http.HttpAnswer;
import io.jacos.transport.http.HttpResources;
import io.jacos.transport.http.HttpResources.RegistryState;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code PUT /nacos/v1/ns/health/instance} and {@code /ns/health}: an instance's health set by hand. */
class HealthResourceTest {

    private static final ServiceKey ORDERS = new ServiceKey("public", "DEFAULT_GROUP", "orders");
    private static final HttpServletRequest OPERATOR = HttpResources.from("10.9.9.9");

    private final V1Api api = new V1Api();
    private final HealthResource resource = api.health();
    private final Supplier<Response> instanceHealth = () -> resource.instanceHealth(OPERATOR);

    @BeforeEach
    void registerOne() {
        api.call("serviceName=DEFAULT_GROUP%40%40orders&ip=10.0.0.1&port=8080", api.instance()::register);
    }

    @Test
    void healthyFalseMarksTheInstanceAndAnswersOk() {
        HttpAnswer answer = api.call("serviceName=DEFAULT_GROUP%40%40orders&ip=10.0.0.1&port=8080&healthy=false",
                instanceHealth);

        assertEquals(new HttpAnswer(200, "text/plain;charset=UTF-8", "ok"), answer);
        assertFalse(instance().healthy());
    }

    @Test
    void theOlderNameValidAndTheShorterPathDoTheSame() {
        api.call("serviceName=orders&ip=10.0.0.1&port=8080&valid=false", () -> resource.health(OPERATOR));
        assertFalse(instance().healthy());

        assertEquals("ok", api.call("serviceName=orders&ip=10.0.0.1&port=8080&valid=true",
                instanceHealth).body());
        assertTrue(instance().healthy());
    }

    @Test
    void healthyWinsOverValid() {
        api.call("serviceName=orders&ip=10.0.0.1&port=8080&healthy=false&valid=true", instanceHealth);

        assertFalse(instance().healthy());
    }

    @Test
    void aPersistentInstanceInACheckedClusterIsNotMarkedByHand() {
        api.call("serviceName=orders&ip=10.0.0.2&port=9090&ephemeral=false", api.instance()::register);
        RegistryState before = api.http.state();

        HttpAnswer answer = api.call("serviceName=orders&ip=10.0.0.2&port=9090&healthy=false", instanceHealth);

        assertEquals(404, answer.status(), answer.body());
        assertEquals(before, api.http.state());
    }

    @Test
    void anAddressWithNoInstanceIsA404NotASilentOk() {
        RegistryState before = api.http.state();

        HttpAnswer answer = api.call("serviceName=orders&ip=10.0.0.1&port=8081&healthy=false", instanceHealth);

        assertEquals(404, answer.status());
        assertTrue(answer.isText());
        assertEquals("No instance 10.0.0.1:8081 in service orders.", answer.body());
        assertEquals(before, api.http.state());
    }

    @Test
    void missingOrInvalidParametersAre400sAndChangeNothing() {
        RegistryState before = api.http.state();

        assertRefused("Param 'healthy' is required.", "serviceName=orders&ip=10.0.0.1&port=8080", before);
        assertRefused("Param 'serviceName' is required.", "ip=10.0.0.1&port=8080&healthy=false", before);
        assertRefused("Param 'ip' is required.", "serviceName=orders&port=8080&healthy=false", before);
        assertRefused("Param 'port' is required.", "serviceName=orders&ip=10.0.0.1&healthy=false", before);
        assertRefused("Param 'healthy' is illegal: 'no' (expected true or false).",
                "serviceName=orders&ip=10.0.0.1&port=8080&healthy=no", before);
    }

    @Test
    void whatAnAttackerTriesIsRefused() {
        RegistryState before = api.http.state();

        assertRefused("Param 'healthy' is given more than once with different values.",
                "serviceName=orders&ip=10.0.0.1&port=8080&healthy=false&healthy=true", before);
        assertRefused(null, "serviceName=orders&ip=10.0.0.1&port=8080&healthy=false&namespaceId=%00", before);
        assertRefused(null, "serviceName=" + "o".repeat(20_000) + "&ip=10.0.0.1&port=8080&healthy=false", before);
    }

    private void assertRefused(String message, String query, RegistryState before) {
        HttpAnswer answer = api.call(query, instanceHealth);
        assertEquals(400, answer.status(), answer.body());
        assertTrue(answer.isText());
        if (message != null) {
            assertEquals(message, answer.body());
        }
        assertEquals(before, api.http.state(), "nothing changed by " + query);
    }

    private Instance instance() {
        return api.http.reader.view(ORDERS).instances().get(0);
    }
}
