package io.jacos.it;

import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.ListView;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jacos.it.support.Concurrently;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.RawNacosConnection;
import io.jacos.it.support.RawNacosConnection.Reply;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import static io.jacos.it.support.NamingClients.instance;
import static io.jacos.it.support.RawNacosConnection.object;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The service list of a group larger than any usual page. A caller asking for "everything" with a huge page
 * size gets everything (the size is capped, not refused), and a page number below 1 means the first page.
 */
@ExtendWith(SharedServer.class)
@DisplayName("Service list of a large group")
class ServiceListIT {

    private static final int GRPC_PORT = SharedServer.HTTP_PORT + 1000;
    private static final int SERVICES = 600;

    private static final NamingClients clients = new NamingClients(SharedServer.serverAddr());
    private static String group;
    private static List<String> services;

    @BeforeAll
    static void registerSixHundredServices() throws Exception {
        group = NamingClients.uniqueName("LISTED");
        services = IntStream.range(0, SERVICES).mapToObj(i -> "listed-" + i).sorted().toList();
        NamingService provider = clients.open();
        Concurrently.forEach(services, service -> provider.registerInstance(service, group, instance("127.0.0.81", 8101)));
    }

    @AfterAll
    static void closeClients() {
        clients.close();
    }

    @Test
    @DisplayName("getServicesOfServer(1, Integer.MAX_VALUE) returns every service of the group")
    void hugePageSizeReturnsEverything() throws Exception {
        NamingService reader = clients.open();

        ListView<String> all = reader.getServicesOfServer(1, Integer.MAX_VALUE, group);

        assertEquals(SERVICES, all.getCount());
        assertEquals(services, all.getData().stream().sorted().toList());
    }

    @ParameterizedTest(name = "pageNo {0}")
    @ValueSource(ints = {0, -1})
    @DisplayName("a ServiceListRequest with a page number below 1 gets the first page")
    void pageNumberBelowOneIsTheFirstPage(int pageNo) {
        try (RawNacosConnection connection = RawNacosConnection.open(GRPC_PORT)) {
            Reply first = connection.request("ServiceListRequest", serviceList(1, 50));
            Reply below = connection.request("ServiceListRequest", serviceList(pageNo, 50));

            assertEquals("ServiceListResponse", below.type(), () -> "answer: " + below);
            assertEquals(200, below.resultCode(), () -> "answer: " + below);
            assertEquals(SERVICES, below.body().path("count").asInt());
            assertEquals(50, names(first).size(), () -> "first page: " + first);
            assertEquals(names(first), names(below));
        }
    }

    private static ObjectNode serviceList(int pageNo, int pageSize) {
        ObjectNode body = object().put("namespace", "public").put("serviceName", "").put("groupName", group)
                .put("pageNo", pageNo).put("pageSize", pageSize).put("module", "naming");
        body.putObject("headers");
        return body;
    }

    private static List<String> names(Reply reply) {
        List<String> names = new ArrayList<>();
        for (JsonNode name : reply.body().path("serviceNames")) {
            names.add(name.asText());
        }
        return names;
    }
}
