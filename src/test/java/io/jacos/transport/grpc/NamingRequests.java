package io.jacos.transport.grpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jacos.transport.grpc.SdkConnection.Reply;

import java.util.ArrayList;
import java.util.List;

import static io.jacos.transport.grpc.SdkConnection.object;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Naming request bodies as nacos-client 2.x sends them, in group {@link #GROUP}, and the checks of their answers. */
final class NamingRequests {

    static final String GROUP = "G";
    static final String HEALTH = "{\"headers\":{},\"module\":\"internal\"}";

    private NamingRequests() {
    }

    static ObjectNode naming(String service) {
        ObjectNode request = object();
        request.set("headers", object());
        return request.put("namespace", "public").put("serviceName", service).put("groupName", GROUP)
                .put("module", "naming");
    }

    static ObjectNode query(String service) {
        return naming(service).put("cluster", "").put("healthyOnly", false).put("udpPort", 0);
    }

    static ObjectNode subscribe(String service, boolean subscribe) {
        return naming(service).put("subscribe", subscribe).put("clusters", "");
    }

    static ObjectNode list(int pageNo, int pageSize) {
        return naming("").put("pageNo", pageNo).put("pageSize", pageSize);
    }

    static ObjectNode register(String service, ObjectNode instance) {
        ObjectNode request = naming(service).put("type", "registerInstance");
        request.set("instance", instance);
        return request;
    }

    static ObjectNode deregister(String service, ObjectNode instance) {
        return register(service, instance).put("type", "deregisterInstance");
    }

    static ObjectNode batch(String service, ObjectNode... instances) {
        ObjectNode request = naming(service).put("type", "batchRegisterInstance");
        ArrayNode list = request.putArray("instances");
        for (ObjectNode instance : instances) {
            list.add(instance);
        }
        return request;
    }

    static ObjectNode instance(String ip, int port) {
        ObjectNode instance = object().put("ip", ip).put("port", port).put("weight", 1.0).put("healthy", true)
                .put("enabled", true).put("ephemeral", true).put("clusterName", "DEFAULT");
        instance.set("metadata", object().put("k", "v"));
        return instance;
    }

    static ObjectNode instanceOf(ObjectNode request) {
        return (ObjectNode) request.get("instance");
    }

    /** The {@code ip:port} of every host a one-shot query answers for the service. */
    static List<String> hosts(SdkConnection connection, String service) {
        Reply reply = connection.request("ServiceQueryRequest", query(service));
        assertOk(reply, "QueryServiceResponse");
        JsonNode info = reply.body().get("serviceInfo");
        assertEquals(service, info.path("name").asText(), reply.toString());
        assertEquals(GROUP, info.path("groupName").asText(), reply.toString());
        List<String> hosts = new ArrayList<>();
        info.path("hosts").forEach(h -> hosts.add(h.path("ip").asText() + ":" + h.path("port").asInt()));
        return hosts;
    }

    static List<String> serviceNames(SdkConnection connection) {
        Reply reply = connection.request("ServiceListRequest", list(1, 100));
        assertOk(reply, "ServiceListResponse");
        List<String> names = new ArrayList<>();
        reply.body().path("serviceNames").forEach(n -> names.add(n.asText()));
        assertEquals(names.size(), reply.body().path("count").asInt(), reply.toString());
        return names;
    }

    static void assertOk(Reply reply, String type) {
        assertEquals(type, reply.type(), reply.toString());
        assertEquals(200, reply.resultCode(), reply.toString());
        assertTrue(reply.body().path("success").asBoolean(), reply.toString());
    }

    /** A refusal a client reads: its type, result 500, the error code and a short one-line message, no trace. */
    static void assertRefused(Reply reply, String type, int errorCode, String messagePart) {
        assertEquals(type, reply.type(), reply.toString());
        assertEquals(500, reply.resultCode(), reply.toString());
        assertEquals(errorCode, reply.errorCode(), reply.toString());
        String message = reply.message();
        assertTrue(message.contains(messagePart), "'" + message + "' should contain '" + messagePart + "'");
        assertFalse(message.isBlank() || message.contains("\n") || message.contains("Exception"), message);
    }
}
