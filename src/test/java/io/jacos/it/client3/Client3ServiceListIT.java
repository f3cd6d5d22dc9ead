package io.jacos.it.client3;

import com.alibaba.nacos.api.naming.NamingFactory;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;
import com.alibaba.nacos.api.naming.pojo.ListView;
import io.jacos.it.support.Concurrently;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The service list of a group of 600 services, asked for in one huge page, with nacos-client 3.1.1. */
@ExtendWith(SharedServer.class)
class Client3ServiceListIT {

    private static final int SERVICES = 600;

    private final List<NamingService> clients = new ArrayList<>();

    @AfterEach
    void shutDownClients() throws Exception {
        for (NamingService client : clients) {
            client.shutDown();
        }
    }

    @Test
    void hugePageSizeReturnsEveryServiceOfTheGroup() throws Exception {
        String group = "LISTED3-" + UUID.randomUUID().toString().substring(0, 8);
        List<String> services = IntStream.range(0, SERVICES).mapToObj(i -> "listed3-" + i).sorted().toList();
        NamingService provider = client();
        NamingService reader = client();
        Concurrently.forEach(services, service -> provider.registerInstance(service, group, instance()));

        ListView<String> all = reader.getServicesOfServer(1, Integer.MAX_VALUE, group);

        assertEquals(SERVICES, all.getCount());
        assertEquals(services, all.getData().stream().sorted().toList());
    }

    private NamingService client() throws Exception {
        Properties properties = new Properties();
        properties.put("serverAddr", SharedServer.serverAddr());
        NamingService client = NamingFactory.createNamingService(properties);
        clients.add(client);
        return client;
    }

    private static Instance instance() {
        Instance instance = new Instance();
        instance.setIp("127.0.0.82");
        instance.setPort(8201);
        return instance;
    }
}
