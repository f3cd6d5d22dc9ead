package io.jacos.it.client3;

import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.ListView;
import io.jacos.it.support.Concurrently;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.stream.IntStream;

import static io.jacos.it.support.NamingClients.instance;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The service list of a group of 600 services, asked for in one huge page, with nacos-client 3.1.1 (the
 * shared client helpers use only API that 3.1.1 has too). Spring Cloud Alibaba's {@code getServices()} asks
 * exactly this way.
 */
@ExtendWith(SharedServer.class)
class Client3ServiceListIT {

    private static final int SERVICES = 600;

    private final NamingClients clients = new NamingClients(SharedServer.serverAddr());

    @AfterEach
    void shutDownClients() {
        clients.close();
    }

    @Test
    void hugePageSizeReturnsEveryServiceOfTheGroup() throws Exception {
        String group = NamingClients.uniqueName("LISTED3");
        List<String> services = IntStream.range(0, SERVICES).mapToObj(i -> "listed3-" + i).sorted().toList();
        NamingService provider = clients.open();
        NamingService reader = clients.open();
        Concurrently.forEach(services, service -> provider.registerInstance(service, group,
                instance("127.0.0.82", 8201)));

        ListView<String> all = reader.getServicesOfServer(1, Integer.MAX_VALUE, group);

        assertEquals(SERVICES, all.getCount());
        assertEquals(services, all.getData().stream().sorted().toList());
    }
}
