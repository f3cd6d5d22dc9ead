package io.jacos.it;

import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;
import com.alibaba.nacos.api.naming.pojo.ListView;
import io.jacos.it.support.EventRecorder;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static io.jacos.it.support.NamingClients.endpoints;
import static io.jacos.it.support.NamingClients.instance;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Batch registration, paged service lists, and the isolation of namespaces and groups. */
@ExtendWith(SharedServer.class)
@DisplayName("Batches, paging and isolation")
class BatchPagingIsolationIT {

    private static final String GROUP = "DEFAULT_GROUP";

    private final NamingClients clients = new NamingClients(SharedServer.serverAddr());

    @AfterEach
    void closeClients() {
        clients.close();
    }

    @Test
    @DisplayName("a batch registers several instances at once; batch deregistration removes only the named ones")
    void batchRegisterAndDeregister() throws Exception {
        String service = NamingClients.uniqueName("batch");
        NamingService provider = clients.open();
        NamingService subscriber = clients.open();
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, listener);
        Instance first = instance("127.0.0.61", 4001);
        Instance second = instance("127.0.0.61", 4002);
        Instance third = instance("127.0.0.62", 4001);

        provider.batchRegisterInstance(service, GROUP, List.of(first, second, third));

        List<String> all = List.of("127.0.0.61:4001", "127.0.0.61:4002", "127.0.0.62:4001");
        await().atMost(Waits.PUSH).untilAsserted(() -> assertEquals(all, listener.lastEndpoints()));
        assertEquals(all, endpoints(subscriber.getAllInstances(service, false)));

        provider.batchDeregisterInstance(service, GROUP, List.of(second));

        List<String> remaining = List.of("127.0.0.61:4001", "127.0.0.62:4001");
        await().atMost(Waits.PUSH).untilAsserted(() -> assertEquals(remaining, listener.lastEndpoints()));
        assertEquals(remaining, endpoints(subscriber.getAllInstances(service, false)));
        assertEquals(remaining, endpoints(subscriber.getAllInstances(service)));
    }

    @Test
    @DisplayName("the service list of a group is paged, counts the whole group and holds bare names")
    void serviceListPaging() throws Exception {
        String group = NamingClients.uniqueName("PAGED");
        String prefix = NamingClients.uniqueName("paged");
        List<String> services = IntStream.rangeClosed(1, 7).mapToObj(i -> prefix + "-" + i).toList();
        NamingService provider = clients.open();
        NamingService reader = clients.open();
        for (int i = 0; i < services.size(); i++) {
            provider.registerInstance(services.get(i), group, instance("127.0.0.63", 3000 + i));
        }

        List<Integer> pageSizes = new ArrayList<>();
        List<String> listed = new ArrayList<>();
        for (int pageNo = 1; pageNo <= 3; pageNo++) {
            ListView<String> page = reader.getServicesOfServer(pageNo, 3, group);
            assertEquals(7, page.getCount(), "count of page " + pageNo);
            pageSizes.add(page.getData().size());
            listed.addAll(page.getData());
        }
        assertEquals(List.of(3, 3, 1), pageSizes);
        assertEquals(services.stream().sorted().toList(), listed.stream().sorted().toList());
        assertEquals(7, listed.stream().distinct().count(), "no name on two pages: " + listed);
        assertTrue(listed.stream().noneMatch(name -> name.contains("@@")), "bare names: " + listed);

        ListView<String> beyond = reader.getServicesOfServer(4, 3, group);
        assertEquals(7, beyond.getCount());
        assertEquals(List.of(), beyond.getData());

        ListView<String> whole = reader.getServicesOfServer(1, 100, group);
        assertEquals(services.stream().sorted().toList(), whole.getData().stream().sorted().toList());
    }

    @Test
    @DisplayName("a client in another namespace sees neither the public namespace's services nor its instances")
    void namespacesIsolate() throws Exception {
        String service = NamingClients.uniqueName("isolated");
        String namespace = NamingClients.uniqueName("ns");
        NamingService publicProvider = clients.open();
        NamingService publicReader = clients.open();
        NamingService otherReader = clients.open(Map.of(PropertyKeyConst.NAMESPACE, namespace));
        publicProvider.registerInstance(service, "127.0.0.64", 2001);
        assertEquals(List.of("127.0.0.64:2001"), endpoints(publicReader.getAllInstances(service, false)));

        assertEquals(List.of(), otherReader.getAllInstances(service, false));
        ListView<String> otherServices = otherReader.getServicesOfServer(1, 100, GROUP);
        assertEquals(0, otherServices.getCount());
        assertEquals(List.of(), otherServices.getData());

        // The same service name in the other namespace is a different service.
        NamingService otherProvider = clients.open(Map.of(PropertyKeyConst.NAMESPACE, namespace));
        otherProvider.registerInstance(service, "127.0.0.65", 2001);
        assertEquals(List.of("127.0.0.65:2001"), endpoints(otherReader.getAllInstances(service, false)));
        assertEquals(List.of("127.0.0.64:2001"), endpoints(publicReader.getAllInstances(service, false)));
        assertEquals(List.of(service), otherReader.getServicesOfServer(1, 100, GROUP).getData());

        // Subscribers are isolated the same way: each sees its own namespace's instance only.
        EventRecorder publicListener = new EventRecorder();
        EventRecorder otherListener = new EventRecorder();
        publicReader.subscribe(service, publicListener);
        otherReader.subscribe(service, otherListener);
        await().atMost(Waits.PUSH).untilAsserted(() -> {
            assertEquals(List.of("127.0.0.64:2001"), publicListener.lastEndpoints());
            assertEquals(List.of("127.0.0.65:2001"), otherListener.lastEndpoints());
        });
    }

    @Test
    @DisplayName("the same service name in two groups holds two separate instance lists")
    void groupsIsolate() throws Exception {
        String service = NamingClients.uniqueName("grouped");
        String group = NamingClients.uniqueName("GROUP");
        NamingService provider = clients.open();
        NamingService otherProvider = clients.open();
        NamingService reader = clients.open();

        provider.registerInstance(service, group, instance("127.0.0.66", 2001));
        assertEquals(List.of("127.0.0.66:2001"), endpoints(reader.getAllInstances(service, group, false)));
        assertEquals(List.of(), reader.getAllInstances(service, GROUP, false));
        assertFalse(reader.getServicesOfServer(1, 500, GROUP).getData().contains(service),
                "the default group does not list " + service);
        ListView<String> groupServices = reader.getServicesOfServer(1, 100, group);
        assertEquals(1, groupServices.getCount());
        assertEquals(List.of(service), groupServices.getData());

        otherProvider.registerInstance(service, GROUP, instance("127.0.0.67", 2001));
        List<Instance> inGroup = reader.getAllInstances(service, group, false);
        assertEquals(List.of("127.0.0.66:2001"), endpoints(inGroup));
        assertEquals(group + "@@" + service, inGroup.get(0).getServiceName());
        assertEquals("127.0.0.66#2001#DEFAULT#" + group + "@@" + service, inGroup.get(0).getInstanceId());
        assertEquals(List.of("127.0.0.67:2001"), endpoints(reader.getAllInstances(service, GROUP, false)));
    }
}
