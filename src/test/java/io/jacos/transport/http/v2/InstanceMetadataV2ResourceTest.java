package io.jacos.transport.http.v2;

import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.transport.http.HttpAnswer;
import io.jacos.transport.http.HttpResources;
import io.jacos.transport.http.HttpResources.RegistryState;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static io.jacos.transport.http.v2.V2Api.assertRefused;
import static io.jacos.transport.http.v2.V2Api.success;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code /nacos/v2/ns/instance/metadata/batch}: metadata of several instances changed all or none. */
class InstanceMetadataV2ResourceTest {

    private static final ServiceKey ORDERS = new ServiceKey("public", "DEFAULT_GROUP", "orders");
    private static final HttpServletRequest OPERATOR = HttpResources.from("10.9.9.9");
    private static final String SECOND = instances("[{\"ip\":\"10.0.0.2\",\"port\":8080,\"clusterName\":\"DEFAULT\"}]");

    private final V2Api api = new V2Api();
    private final InstanceMetadataV2Resource resource = api.metadata();
    private final Supplier<Response> update = () -> resource.update(OPERATOR);
    private final Supplier<Response> delete = () -> resource.delete(OPERATOR);

    @BeforeEach
    void twoInstances() {
        for (int i = 1; i <= 2; i++) {
            success(api.call("serviceName=orders&ip=10.0.0." + i + "&port=8080&metadata=keep%3D" + i,
                    api.instance()::register));
        }
    }

    @Test
    void theNamedInstancesGetTheEntriesAndTheAnswerListsThemAsNacosDoes() {
        HttpAnswer answer = api.call("serviceName=orders&metadata=zone%3Da" + SECOND, update);

        assertEquals("{\"code\":0,\"message\":\"success\",\"data\":{\"updated\":"
                + "[\"10.0.0.2:8080:unknown:DEFAULT:ephemeral\"]}}", answer.body());
        assertEquals(Map.of("keep", "2", "zone", "a"), metadata("10.0.0.2"));
        assertEquals(Map.of("keep", "1"), metadata("10.0.0.1"));
    }

    @Test
    void withoutAListEveryInstanceIsChangedAndDeleteRemovesTheKeys() {
        assertEquals(2, success(api.call("serviceName=orders&metadata=zone%3Da", update)).get("updated").size());
        assertEquals("a", metadata("10.0.0.1").get("zone"));

        success(api.call("serviceName=orders&metadata=%7B%22zone%22%3A%22%22%7D&consistencyType=ephemeral", delete));
        assertEquals(Map.of("keep", "1"), metadata("10.0.0.1"));
        assertEquals(Map.of("keep", "2"), metadata("10.0.0.2"));
    }

    @Test
    void aPersistentInstanceIsChangedAsWellAndShownAsPersist() {
        success(api.call("serviceName=stock&ip=10.0.0.3&port=9090&ephemeral=false", api.instance()::register));

        HttpAnswer answer = api.call("serviceName=stock&metadata=zone%3Db&consistencyType=ephemeral", update);

        assertEquals("[\"10.0.0.3:9090:unknown:DEFAULT:persist\"]", success(answer).get("updated").toString());
        assertEquals(Map.of("zone", "b"), api.http.reader.view(new ServiceKey("public", "DEFAULT_GROUP", "stock"))
                .instances().get(0).metadata());
    }

    @Test
    void oneUnknownInstanceChangesNone() {
        RegistryState before = api.http.state();

        HttpAnswer answer = api.call("serviceName=orders&metadata=zone%3Da" + instances("[{\"ip\":\"10.0.0.1\","
                + "\"port\":8080},{\"ip\":\"10.0.0.9\",\"port\":8080}]"), update);

        assertRefused(404, V2Errors.INSTANCE_NOT_FOUND, answer);
        assertEquals(before, api.http.state());
    }

    @Test
    void badParametersHaveTheirCodesAndChangeNothing() {
        RegistryState before = api.http.state();

        assertRefused(400, V2Errors.PARAMETER_MISSING, api.call("serviceName=orders" + SECOND, update));
        assertRefused(400, V2Errors.PARAMETER_MISSING, api.call("metadata=a%3Db" + SECOND, update));
        assertRefused(400, V2Errors.INSTANCE_METADATA_ERROR, api.call("serviceName=orders&metadata=%5B%5D", update));
        assertRefused(400, V2Errors.PARAMETER_VALIDATE_ERROR, api.call("serviceName=orders&metadata=a%3Db"
                + "&consistencyType=strong", update));
        assertRefused(400, V2Errors.PARAMETER_VALIDATE_ERROR, api.call("serviceName=orders&metadata=a%3Db"
                + instances("{\"ip\":\"10.0.0.1\"}"), update));
        assertRefused(400, V2Errors.PARAMETER_VALIDATE_ERROR, api.call("serviceName=orders&metadata=a%3Db"
                + instances("[{\"ip\":\"10.0.0.1\",\"port\":\"8080\"}]"), update));
        assertRefused(400, V2Errors.PARAMETER_VALIDATE_ERROR, api.call("serviceName=orders&metadata=a%3Db"
                + instances("[not json"), delete));

        assertEquals(before, api.http.state());
    }

    @Test
    void whatAnAttackerTriesIsRefusedWhole() {
        RegistryState before = api.http.state();

        assertRefused(400, V2Errors.INSTANCE_METADATA_ERROR, api.call("serviceName=orders&metadata=big%3D"
                + "x".repeat(5000), update));
        assertRefused(400, V2Errors.PARAMETER_VALIDATE_ERROR, api.call("serviceName=orders&metadata=a%3Db"
                + SECOND + instances("[]"), update));
        assertRefused(400, V2Errors.ILLEGAL_NAMESPACE, api.call("serviceName=orders&metadata=a%3Db"
                + "&namespaceId=%E4%B8%AD", update));
        String thousands = "[" + "{\"ip\":\"10.0.0.1\",\"port\":8080},".repeat(3000) + "{\"ip\":\"10.0.0.1\",\"port\":8080}]";
        assertRefused(400, V2Errors.PARAMETER_VALIDATE_ERROR, api.call("serviceName=orders&metadata=a%3Db"
                + instances(thousands), update));

        assertEquals(before, api.http.state());
    }

    private Map<String, String> metadata(String ip) {
        List<Instance> instances = api.http.reader.view(ORDERS).instances();
        return instances.stream().filter(i -> i.ip().equals(ip)).findFirst().orElseThrow().metadata();
    }

    private static String instances(String json) {
        return "&instances=" + URLEncoder.encode(json, StandardCharsets.UTF_8);
    }
}
