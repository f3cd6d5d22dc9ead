package io.jacos.it.container;

import io.jacos.model.ChangeOrigin;

import io.jacos.application.DiscoveryService;
import io.jacos.application.ServiceRef;
import io.jacos.model.RegistryException;
import io.jacos.registry.Registry;
import io.jacos.transport.grpc.ServiceInfoJson;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.model.Subscription;
import jakarta.inject.Inject;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import javax.naming.InitialContext;
import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The product WAR inside Payara Micro: the registry is one EJB singleton, its changes reach CDI observers
 * only after the indexes changed, pushes run on the container's managed scheduled executor, a registry refusal
 * keeps its Nacos code through the EJB container, and queries for made-up names leave no cached answers.
 */
@ExtendWith(ArquillianExtension.class)
class ContainerWiringIT {

    private static final int NO_LIMIT = Integer.MAX_VALUE;

    @Deployment
    static WebArchive deployment() {
        return ShrinkWrap.createFromZipFile(WebArchive.class, new File(System.getProperty("jacos.war", "target/nacos.war")))
                .addClasses(RecordingObserver.class, RecordingObserver.Seen.class,
                        RecordingPushChannel.class, RecordingPushChannel.Pushed.class);
    }

    @Inject
    Registry registry;
    @Inject
    RecordingObserver observer;
    @Inject
    RecordingPushChannel channel;
    @Inject
    DiscoveryService discovery;
    @Inject
    ServiceInfoJson answers;

    @Test
    void queriesForNamesThatDoNotExistLeaveTheAnswerCacheAsItWas() {
        int before = answers.size();
        for (int i = 0; i < 10_000; i++) {
            ServiceRef unknown = new ServiceRef(null, null, "wiring-unknown-" + UUID.randomUUID());
            assertFalse(answers.of(discovery.query(unknown, "", false), answers.readMark()).isEmpty());
        }
        assertEquals(before, answers.size());
    }

    @Test
    void aRefusalFromTheRegistryKeepsItsNacosCodeThroughTheEjbContainer() {
        ClientId client = new ClientId("wiring-refused-" + UUID.randomUUID());
        registry.connect(client, ClientKind.CONNECTION, "local");
        ServiceKey service = new ServiceKey("public", "DEFAULT_GROUP", "wiring-limit-" + UUID.randomUUID());
        RegistryException refused = assertThrows(RegistryException.class,
                () -> registry.subscribe(client, new Subscription(service, ""), 0));
        assertEquals(RegistryException.OVER_THRESHOLD, refused.code());
        registry.disconnect(client, ChangeOrigin.client(client));
        RegistryException gone = assertThrows(RegistryException.class,
                () -> registry.subscribe(client, new Subscription(service, ""), NO_LIMIT));
        assertEquals(RegistryException.UN_REGISTER, gone.code());
    }

    @Test
    void everyLookupOfTheRegistryReachesTheSameSingleton() throws Exception {
        Registry lookedUp = (Registry) new InitialContext().lookup("java:module/Registry");
        ClientId client = new ClientId("wiring-" + UUID.randomUUID());
        registry.connect(client, ClientKind.CONNECTION, "local");
        assertTrue(lookedUp.isConnected(client));
        lookedUp.disconnect(client, ChangeOrigin.client(client));
        assertFalse(registry.isConnected(client));
    }

    @Test
    void observersSeeTheChangeAlreadyAppliedWhenTheEventArrives() {
        ServiceKey service = new ServiceKey("public", "DEFAULT_GROUP", "wiring-observed-" + UUID.randomUUID());
        ClientId publisher = new ClientId("wiring-pub-" + UUID.randomUUID());
        registry.connect(publisher, ClientKind.CONNECTION, "local");
        registry.publish(publisher, service, List.of(instance(service, "10.1.0.1")), ChangeOrigin.client(publisher));
        registry.disconnect(publisher, ChangeOrigin.client(publisher));

        List<RecordingObserver.Seen> seen = observer.seen().stream()
                .filter(s -> s.event().service().equals(service)).toList();
        assertEquals(2, seen.size(), "one ServiceChanged for the register, one for the disconnect");
        assertEquals(1, seen.get(0).instancesVisible());
        assertEquals(seen.get(0).event().revision(), seen.get(0).revisionVisible());
        assertEquals(0, seen.get(1).instancesVisible());
        assertNotEquals(seen.get(0).event().revision(), seen.get(1).event().revision());
    }

    @Test
    void pushesRunOnTheManagedScheduledExecutorWithTheCurrentState() throws Exception {
        ServiceKey service = new ServiceKey("public", "DEFAULT_GROUP", "wiring-pushed-" + UUID.randomUUID());
        ClientId subscriber = new ClientId("wiring-sub-" + UUID.randomUUID());
        ClientId publisher = new ClientId("wiring-pub-" + UUID.randomUUID());
        registry.connect(subscriber, ClientKind.CONNECTION, "local");
        registry.connect(publisher, ClientKind.CONNECTION, "local");
        registry.subscribe(subscriber, new Subscription(service, ""), NO_LIMIT);
        registry.publish(publisher, service, List.of(instance(service, "10.1.0.2")), ChangeOrigin.client(publisher));

        RecordingPushChannel.Pushed last = null;
        // The subscribe and the register merge into one or two pushes to this subscriber, the last one carrying the
        // instance; pushes of other tests' subscribers may come in between.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (last == null || last.view().instances().isEmpty()) {
            RecordingPushChannel.Pushed next = channel.pushed().poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            assertNotNull(next, "no push with the instance within 30 s; last to this subscriber: " + last);
            if (next.subscriber().equals(subscriber)) {
                last = next;
            }
        }
        assertNotNull(last);
        assertEquals(1, last.view().instances().size());
        assertEquals("10.1.0.2", last.view().instances().get(0).ip());
        assertNotEquals(Thread.currentThread().getName(), last.thread());
        assertTrue(last.containerContext(), "push ran on a container-managed thread: " + last.thread());
        registry.disconnect(publisher, ChangeOrigin.client(publisher));
        registry.disconnect(subscriber, ChangeOrigin.client(subscriber));
    }

    private static Instance instance(ServiceKey service, String ip) {
        return new Instance(Instance.simpleId(ip, 8080, "DEFAULT", service), ip, 8080, 1.0, true, true, true,
                "DEFAULT", Map.of());
    }
}
