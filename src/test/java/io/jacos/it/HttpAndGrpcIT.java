package io.jacos.it;

import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NacosHttp.Answer;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.Map;

import static io.jacos.it.support.NacosHttp.endpoints;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** One registry behind both transports: what HTTP registers, gRPC clients read, and the other way round. */
@ExtendWith(SharedServer.class)
@DisplayName("HTTP and gRPC share the registry")
class HttpAndGrpcIT {

    private final NacosHttp http = new NacosHttp(SharedServer.serverAddr());
    private final NamingClients clients = new NamingClients(SharedServer.serverAddr());

    @AfterEach
    void close() {
        clients.close();
    }

    @Test
    @DisplayName("an instance registered over HTTP is seen by a 2.5.1 client with its values")
    void httpToGrpc() throws Exception {
        String service = NamingClients.uniqueName("http-to-grpc");
        Answer registered = http.call("POST", "/nacos/v1/ns/instance", Map.of("serviceName",
                "DEFAULT_GROUP@@" + service, "groupName", "DEFAULT_GROUP", "ip", "10.6.0.1", "port", "81",
                "weight", "3.0", "metadata", "{\"via\":\"http\"}", "ephemeral", "true"));
        assertEquals(200, registered.status(), registered::toString);

        NamingService naming = clients.open();
        List<Instance> instances = naming.getAllInstances(service, false);
        assertEquals(List.of("10.6.0.1:81"), NamingClients.endpoints(instances));
        assertEquals(3.0, instances.get(0).getWeight());
        assertEquals("http", instances.get(0).getMetadata().get("via"));
    }

    @Test
    @DisplayName("an instance a 2.5.1 client registers over gRPC is listed by v1 /instance/list")
    void grpcToHttp() throws Exception {
        String service = NamingClients.uniqueName("grpc-to-http");
        NamingService naming = clients.open();
        naming.registerInstance(service, NamingClients.instance("10.6.0.2", 82));

        await().atMost(Waits.PUSH).until(() -> endpoints(http.get("/nacos/v1/ns/instance/list",
                Map.of("serviceName", "DEFAULT_GROUP@@" + service)).json()), List.of("10.6.0.2:82")::equals);
    }
}
