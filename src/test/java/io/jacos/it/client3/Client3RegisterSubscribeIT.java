package io.jacos.it.client3;

import com.alibaba.nacos.api.naming.NamingFactory;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.listener.NamingEvent;
import com.alibaba.nacos.api.naming.pojo.Instance;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The register, subscribe and push scenario with the real nacos-client 3.1.1. This class runs in its own
 * failsafe execution, with 3.1.1 on the class path instead of 2.5.1 (checked first).
 */
@ExtendWith(SharedServer.class)
class Client3RegisterSubscribeIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private final List<NamingService> clients = new ArrayList<>();

    @AfterEach
    void shutDownClients() throws Exception {
        for (NamingService client : clients) {
            client.shutDown();
        }
    }

    @Test
    void theClassPathCarriesClient3() throws Exception {
        Class<?> versions = Class.forName("com.alibaba.nacos.common.utils.VersionUtils");
        assertEquals("3.1.1", versions.getField("version").get(null));
    }

    @Test
    void aSubscriberSeesRegisterUpdateDeregisterAndClientShutdown() throws Exception {
        String service = "client3-svc-" + UUID.randomUUID();
        NamingService publisher = client();
        NamingService subscriber = client();
        List<List<Instance>> seen = new CopyOnWriteArrayList<>();
        subscriber.subscribe(service, event -> seen.add(((NamingEvent) event).getInstances()));

        publisher.registerInstance(service, instance("10.3.0.1", 8080, 1.0, "one"));
        await().atMost(WAIT).until(() -> lastSeen(seen).size() == 1 && "one".equals(lastSeen(seen).get(0).getMetadata().get("v")));
        Instance seenOnce = lastSeen(seen).get(0);
        assertEquals("10.3.0.1", seenOnce.getIp());
        assertEquals(8080, seenOnce.getPort());
        assertEquals("c3", seenOnce.getClusterName());
        assertEquals("10.3.0.1#8080#c3#DEFAULT_GROUP@@" + service, seenOnce.getInstanceId());

        publisher.registerInstance(service, instance("10.3.0.1", 8080, 3.0, "two"));
        await().atMost(WAIT).until(() -> lastSeen(seen).size() == 1 && lastSeen(seen).get(0).getWeight() == 3.0);
        assertEquals("two", lastSeen(seen).get(0).getMetadata().get("v"));

        publisher.deregisterInstance(service, instance("10.3.0.1", 8080, 3.0, "two"));
        await().atMost(WAIT).until(() -> lastSeen(seen).isEmpty());

        publisher.registerInstance(service, instance("10.3.0.2", 9090, 1.0, "three"));
        await().atMost(WAIT).until(() -> lastSeen(seen).size() == 1);
        assertEquals(1, subscriber.getAllInstances(service, false).size());

        publisher.shutDown();
        clients.remove(publisher);
        await().atMost(WAIT).until(() -> lastSeen(seen).isEmpty());
        assertEquals(0, subscriber.getAllInstances(service, false).size());
    }

    @Test
    void aPersistentInstanceGoesOverGrpcAndOutlivesItsClient() throws Exception {
        String service = "client3-persistent-" + UUID.randomUUID();
        NamingService publisher = client();
        Instance persistent = instance("127.0.0.1", 1, 1.0, "p");
        persistent.setEphemeral(false);
        publisher.registerInstance(service, persistent);
        String marker = service + "-marker";
        publisher.registerInstance(marker, instance("127.0.0.1", 2, 1.0, "e"));
        NamingService reader = client();
        List<Instance> seen = reader.getAllInstances(service, false);
        assertEquals(1, seen.size());
        assertEquals(false, seen.get(0).isEphemeral());

        publisher.shutDown();
        clients.remove(publisher);
        // The ephemeral marker going shows the server has handled the disconnect.
        await().atMost(WAIT).until(() -> reader.getAllInstances(marker, false).isEmpty());
        assertEquals(1, reader.getAllInstances(service, false).size());
        reader.deregisterInstance(service, persistent);
        await().atMost(WAIT).until(() -> reader.getAllInstances(service, false).isEmpty());
    }

    private NamingService client() throws Exception {
        Properties properties = new Properties();
        properties.put("serverAddr", SharedServer.serverAddr());
        NamingService client = NamingFactory.createNamingService(properties);
        clients.add(client);
        return client;
    }

    private static Instance instance(String ip, int port, double weight, String version) {
        Instance instance = new Instance();
        instance.setIp(ip);
        instance.setPort(port);
        instance.setWeight(weight);
        instance.setClusterName("c3");
        instance.setMetadata(Map.of("v", version));
        return instance;
    }

    private static List<Instance> lastSeen(List<List<Instance>> seen) {
        return seen.isEmpty() ? List.of(new Instance(), new Instance()) : seen.get(seen.size() - 1);
    }
}
