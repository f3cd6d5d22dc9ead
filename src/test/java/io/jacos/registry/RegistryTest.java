package io.jacos.registry;

import io.jacos.model.ChangeCause;
import io.jacos.model.ChangeOrigin;

import io.jacos.event.ClientConnected;
import io.jacos.event.ClientDisconnected;
import io.jacos.event.InstanceDeregistered;
import io.jacos.event.InstanceRegistered;
import io.jacos.event.InstancesChanged;
import io.jacos.event.ServiceChanged;
import io.jacos.event.ServiceSubscribed;
import io.jacos.event.ServiceUnsubscribed;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServicePage;
import io.jacos.model.ServiceView;
import io.jacos.model.Subscription;
import io.jacos.testing.RecordingEvent;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RegistryTest {

    private static final int NO_LIMIT = Integer.MAX_VALUE;

    private static final ClientId A = new ClientId("conn-a");
    private static final ClientId B = new ClientId("conn-b");
    private static final ServiceKey S1 = new ServiceKey("public", "G", "s1");
    private static final ServiceKey S2 = new ServiceKey("public", "G", "s2");
    private static final ServiceKey S3 = new ServiceKey("public", "G", "s3");

    /** What the registry showed when an event was fired: proof that events follow the change. */
    record Seen(Object event, List<String> hosts, long revision, boolean clientConnected,
                Set<ClientId> subscribers) {
    }

    /** Observes every event the registry fires and records the registry state at that moment. */
    final class StateAtFire implements Consumer<Object> {
        final List<Seen> seen = new CopyOnWriteArrayList<>();
        volatile boolean recording = true;

        @Override
        public void accept(Object event) {
            if (!recording) {
                return;
            }
            ServiceKey service = serviceOf(event);
            ClientId client = clientOf(event);
            ServiceView view = service == null ? null : registry.reader().view(service);
            seen.add(new Seen(event, view == null ? List.of() : addresses(view), view == null ? -1 : view.revision(),
                    client != null && registry.isConnected(client),
                    service == null ? Set.of() : registry.reader().subscribersOf(service)));
        }

        /** The indexing events; the history's {@link InstancesChanged} are read by {@link #changes()}. */
        List<Object> events() {
            return seen.stream().map(Seen::event).filter(e -> !(e instanceof InstancesChanged)).toList();
        }

        List<InstancesChanged> changes() {
            return seen.stream().map(Seen::event).filter(InstancesChanged.class::isInstance)
                    .map(InstancesChanged.class::cast).toList();
        }

        Seen seen(Object event) {
            return seen.stream().filter(s -> s.event().equals(event)).findFirst().orElseThrow(
                    () -> new AssertionError("not fired: " + event + " in " + events()));
        }

        void clear() {
            seen.clear();
        }
    }

    private Registry registry;
    private StateAtFire events;

    @BeforeEach
    void createRegistry() {
        registry = new Registry();
        events = new StateAtFire();
        registry.events = RecordingEvent.observedBy(events);
        registry.clock = java.time.Clock.systemUTC();
        registry.namingSettings = new io.jacos.settings.NamingSettings(); // every limit unset: none applies
        registry.createIndexes();
    }

    private static ServiceKey serviceOf(Object event) {
        if (event instanceof InstanceRegistered e) {
            return e.service();
        } else if (event instanceof InstanceDeregistered e) {
            return e.service();
        } else if (event instanceof ServiceChanged e) {
            return e.service();
        } else if (event instanceof ServiceSubscribed e) {
            return e.service();
        } else if (event instanceof ServiceUnsubscribed e) {
            return e.service();
        } else if (event instanceof InstancesChanged e) {
            return e.service();
        }
        return null;
    }

    private static ClientId clientOf(Object event) {
        if (event instanceof ClientConnected e) {
            return e.client();
        } else if (event instanceof ClientDisconnected e) {
            return e.client();
        } else if (event instanceof InstanceRegistered e) {
            return e.client();
        } else if (event instanceof InstanceDeregistered e) {
            return e.client();
        } else if (event instanceof InstancesChanged e) {
            return e.client();
        } else if (event instanceof ServiceSubscribed e) {
            return e.client();
        } else if (event instanceof ServiceUnsubscribed e) {
            return e.client();
        }
        return null;
    }

    private static Instance instance(String ip, boolean ephemeral) {
        return new Instance(ip + "#80#DEFAULT", ip, 80, 1.0, true, true, ephemeral, "DEFAULT", Map.of());
    }

    private static Instance instance(String ip) {
        return instance(ip, true);
    }

    private static List<String> addresses(ServiceView view) {
        return view.instances().stream().map(Instance::ip).toList();
    }

    private List<String> hosts(ServiceKey service) {
        return addresses(registry.reader().view(service));
    }

    private void connect(ClientId... ids) {
        for (ClientId id : ids) {
            registry.connect(id, ClientKind.CONNECTION, "local");
        }
        events.clear();
    }

    // ------------------------------------------------------------------------------------------------

    @Test
    void connectAddsTheClientOnceAndAnnouncesIt() {
        registry.connect(A, ClientKind.CONNECTION, "local");
        registry.connect(A, ClientKind.IP_PORT, "elsewhere");
        assertTrue(registry.isConnected(A));
        assertEquals(ClientKind.CONNECTION, registry.reader().client(A).orElseThrow().kind());
        assertEquals(List.of(new ClientConnected(A, ClientKind.CONNECTION)), events.events());
        assertTrue(events.seen.get(0).clientConnected(), "fired after the client was added");
        assertEquals(1, registry.reader().stats().clientCount());
    }

    @Test
    void publishUpdatesTheIndexesAndThenAnnouncesTheChange() {
        connect(A);
        registry.publish(A, S1, List.of(instance("10.0.0.1"), instance("10.0.0.2")), ChangeOrigin.client(A));

        ServiceView view = registry.reader().view(S1);
        assertEquals(List.of("10.0.0.1", "10.0.0.2"), addresses(view));
        assertEquals(Set.of("DEFAULT"), registry.reader().clustersOf(S1));
        assertEquals(new ServicePage(1, List.of("s1")), registry.reader().listServices("public", "G", 1, 10));
        assertEquals(2, registry.reader().client(A).orElseThrow().published(S1).orElseThrow().size());
        assertEquals(List.of(new InstanceRegistered(A, S1), new ServiceChanged(S1, view.revision())),
                events.events());
        for (Seen seen : events.seen) {
            assertEquals(List.of("10.0.0.1", "10.0.0.2"), seen.hosts(), "change visible when " + seen.event()
                    + " fires");
        }
        assertEquals(2, registry.reader().stats().instanceCount());
        assertEquals(1, registry.reader().stats().serviceCount());
    }

    private static Instance inCluster(String ip, String cluster) {
        return new Instance(ip + "#80#" + cluster, ip, 80, 1.0, true, true, true, cluster, Map.of());
    }

    @Test
    void anInstanceInANewClusterBeyondTheLimitIsRefusedAndChangesNothing() {
        registry.namingSettings = new io.jacos.settings.NamingSettings() {
            @Override
            public int maxClustersPerService() {
                return 2;
            }
        };
        connect(A, B);
        registry.publish(A, S1, List.of(inCluster("10.0.0.1", "c1")), ChangeOrigin.client(A));
        registry.publish(B, S1, List.of(inCluster("10.0.0.2", "c2")), ChangeOrigin.client(B));
        events.clear();

        RegistryException refused = assertThrows(RegistryException.class, () -> registry.publish(A, S1,
                List.of(inCluster("10.0.0.1", "c1"), inCluster("10.0.0.3", "c3")), ChangeOrigin.client(A)));
        assertEquals(RegistryException.OVER_THRESHOLD, refused.code());
        assertEquals(Set.of("c1", "c2"), registry.reader().clustersOf(S1));
        assertEquals(List.of("10.0.0.1"), registry.reader().client(A).orElseThrow().published(S1).orElseThrow()
                .stream().map(Instance::ip).toList(), "the client's instances as they were");
        assertEquals(List.of(), events.events(), "nothing announced");

        registry.publish(A, S1, List.of(inCluster("10.0.0.4", "c1"), inCluster("10.0.0.5", "c2")),
                ChangeOrigin.client(A));
        assertEquals(List.of("10.0.0.2", "10.0.0.4", "10.0.0.5"), hosts(S1).stream().sorted().toList(),
                "the clusters the service holds take any number of instances");
        registry.publish(A, S2, List.of(inCluster("10.0.0.1", "c3")), ChangeOrigin.client(A));
        assertEquals(Set.of("c3"), registry.reader().clustersOf(S2), "the limit is per service");
    }

    @Test
    void republishingReplacesAndAnUnchangedListFiresNoServiceChange() {
        connect(A);
        registry.publish(A, S1, List.of(instance("10.0.0.1")), ChangeOrigin.client(A));
        long first = registry.reader().view(S1).revision();
        events.clear();

        registry.publish(A, S1, List.of(instance("10.0.0.1")), ChangeOrigin.client(A));
        assertEquals(List.of(new InstanceRegistered(A, S1)), events.events());
        assertEquals(first, registry.reader().view(S1).revision());
        events.clear();

        registry.publish(A, S1, List.of(instance("10.0.0.9")), ChangeOrigin.client(A));
        long second = registry.reader().view(S1).revision();
        assertTrue(second > first);
        assertEquals(List.of("10.0.0.9"), hosts(S1));
        assertEquals(List.of(new InstanceRegistered(A, S1), new ServiceChanged(S1, second)), events.events());
    }

    @Test
    void publishersShareAServiceAndWithdrawRemovesOnlyTheirOwn() {
        connect(A, B);
        registry.publish(A, S1, List.of(instance("10.0.0.1")), ChangeOrigin.client(A));
        registry.publish(B, S1, List.of(instance("10.0.0.2")), ChangeOrigin.client(B));
        events.clear();

        registry.withdraw(A, S1, ChangeOrigin.client(A));
        long revision = registry.reader().view(S1).revision();
        assertEquals(List.of("10.0.0.2"), hosts(S1));
        assertTrue(registry.reader().client(A).orElseThrow().published(S1).isEmpty());
        assertEquals(List.of(new InstanceDeregistered(A, S1), new ServiceChanged(S1, revision)), events.events());
        events.seen.forEach(seen -> assertEquals(List.of("10.0.0.2"), seen.hosts()));
        events.clear();

        registry.withdraw(A, S1, ChangeOrigin.client(A));
        registry.withdraw(A, S2, ChangeOrigin.client(A));
        assertEquals(List.of(), events.events(), "withdrawing nothing announces nothing");
        assertEquals(revision, registry.reader().view(S1).revision());
    }

    @Test
    void publishingAnEmptyListWithdraws() {
        connect(A);
        registry.publish(A, S1, List.of(instance("10.0.0.1")), ChangeOrigin.client(A));
        events.clear();
        registry.publish(A, S1, List.of(), ChangeOrigin.client(A));
        assertEquals(List.of(), hosts(S1));
        assertEquals(List.of(new InstanceDeregistered(A, S1), new ServiceChanged(S1, registry.reader().view(S1).revision())),
                events.events());
    }

    @Test
    void subscribeAndUnsubscribeUpdateTheSubscriberIndexFirst() {
        connect(A, B);
        registry.publish(B, S1, List.of(instance("10.0.0.1")), ChangeOrigin.client(B));
        events.clear();

        ServiceView view = registry.subscribe(A, new Subscription(S1, "DEFAULT"), NO_LIMIT);
        assertEquals(List.of("10.0.0.1"), addresses(view));
        assertEquals(Set.of(A), registry.reader().subscribersOf(S1));
        assertEquals(new Subscription(S1, "DEFAULT"), registry.reader().subscription(A, S1).orElseThrow());
        assertEquals(List.of(new ServiceSubscribed(A, S1)), events.events());
        assertEquals(Set.of(A), events.seen.get(0).subscribers());
        events.clear();

        ServiceView after = registry.unsubscribe(A, S1);
        assertEquals(List.of("10.0.0.1"), addresses(after));
        assertEquals(Set.of(), registry.reader().subscribersOf(S1));
        assertTrue(registry.reader().subscription(A, S1).isEmpty());
        assertEquals(List.of(new ServiceUnsubscribed(A, S1)), events.events());
        assertEquals(Set.of(), events.seen.get(0).subscribers());
        events.clear();

        assertEquals(List.of(), addresses(registry.unsubscribe(A, S2)));
        assertEquals(List.of(), events.events(), "unsubscribing without a subscription announces nothing");
    }

    @Test
    void aRenewedSubscriptionAnswersTheViewButAnnouncesNothingAChangedOneDoes() {
        connect(A, B);
        registry.publish(B, S1, List.of(instance("10.0.0.1")), ChangeOrigin.client(B));
        registry.subscribe(A, new Subscription(S1, "DEFAULT"), NO_LIMIT);
        events.clear();

        ServiceView renewed = registry.subscribe(A, new Subscription(S1, "DEFAULT"), NO_LIMIT);

        assertEquals(List.of("10.0.0.1"), addresses(renewed));
        assertEquals(List.of(), events.events(), "a poll that renews its subscription is pushed nothing");
        registry.subscribe(A, new Subscription(S1, "DEFAULT,BLUE"), NO_LIMIT);
        assertEquals(List.of(new ServiceSubscribed(A, S1)), events.events(), "other clusters: a new view to push");
    }

    @Test
    void subscribingToAnUnknownServiceGivesAnEmptyViewAndCreatesNoService() {
        connect(A);
        ServiceView view = registry.subscribe(A, new Subscription(S3, null), NO_LIMIT);
        assertEquals(List.of(), view.instances());
        assertEquals(S3, view.key());
        assertEquals("", registry.reader().subscription(A, S3).orElseThrow().clusters());
        assertEquals(0, registry.reader().listServices("public", "G", 1, 10).count());
    }

    @Test
    void everyChangeToWhatAClientPublishesIsAnnouncedWithBeforeAfterAndOrigin() {
        connect(A);
        ChangeOrigin admin = ChangeOrigin.admin("10.1.1.1");
        ChangeOrigin expired = ChangeOrigin.of(ChangeCause.BEAT_EXPIRED, A);

        registry.publish(A, S1, List.of(instance("10.0.0.1")), ChangeOrigin.client(A));
        registry.publish(A, S1, List.of(instance("10.0.0.1")), ChangeOrigin.client(A));
        registry.amend(A, S1, i -> i.withHealthy(false), expired);
        registry.amend(A, S1, i -> i.withHealthy(false), expired);
        registry.mark(A, S1, true, true, admin);
        registry.withdraw(A, S1, ChangeOrigin.of(ChangeCause.CONNECTION_CLOSED, A));

        Instance up = instance("10.0.0.1");
        Instance down = up.withHealthy(false);
        assertEquals(List.of(
                new InstancesChanged(A, S1, List.of(), List.of(up), ChangeOrigin.client(A)),
                new InstancesChanged(A, S1, List.of(up), List.of(down), expired),
                new InstancesChanged(A, S1, List.of(down), List.of(up), admin),
                new InstancesChanged(A, S1, List.of(up), List.of(), ChangeOrigin.of(ChangeCause.CONNECTION_CLOSED, A))),
                events.changes(), "a republish or edit that changes nothing is not a change");
        Seen afterWithdraw = events.seen(events.changes().get(3));
        assertEquals(List.of(), afterWithdraw.hosts(), "announced after the change is visible");
    }

    @Test
    void disconnectRemovesEverythingOfTheClientThenAnnouncesIt() {
        connect(A, B);
        registry.publish(A, S1, List.of(instance("10.0.0.1")), ChangeOrigin.client(A));
        registry.publish(B, S1, List.of(instance("10.0.0.2")), ChangeOrigin.client(B));
        registry.publish(A, S2, List.of(instance("10.0.0.3")), ChangeOrigin.client(A));
        registry.subscribe(A, new Subscription(S3, ""), NO_LIMIT);
        registry.subscribe(B, new Subscription(S3, ""), NO_LIMIT);
        events.clear();

        registry.disconnect(A, ChangeOrigin.client(A));

        assertFalse(registry.isConnected(A));
        assertTrue(registry.reader().client(A).isEmpty());
        assertTrue(registry.reader().subscription(A, S3).isEmpty());
        assertEquals(List.of("10.0.0.2"), hosts(S1));
        assertEquals(List.of(), hosts(S2));
        assertEquals(Set.of(B), registry.reader().subscribersOf(S3));

        List<Object> fired = events.events();
        assertEquals(5, fired.size(), fired.toString());
        assertEquals(Set.of(new InstancesChanged(A, S1, List.of(instance("10.0.0.1")), List.of(), ChangeOrigin.client(A)),
                        new InstancesChanged(A, S2, List.of(instance("10.0.0.3")), List.of(), ChangeOrigin.client(A))),
                Set.copyOf(events.changes()), "what went, and why");
        assertEquals(new ClientDisconnected(A), fired.get(4), "the client's end is announced last");
        for (ServiceKey service : List.of(S1, S2)) {
            int at = fired.indexOf(new InstanceDeregistered(A, service));
            assertTrue(at >= 0, fired.toString());
            assertEquals(new ServiceChanged(service, registry.reader().view(service).revision()), fired.get(at + 1));
        }
        // Every event saw the final state.
        assertEquals(List.of("10.0.0.2"), events.seen(new InstanceDeregistered(A, S1)).hosts());
        assertEquals(List.of(), events.seen(new InstanceDeregistered(A, S2)).hosts());
        events.seen.forEach(seen -> assertFalse(seen.clientConnected(), seen.toString()));
        events.clear();

        registry.disconnect(A, ChangeOrigin.client(A));
        registry.disconnect(new ClientId("never-seen"), ChangeOrigin.client(new ClientId("never-seen")));
        assertEquals(List.of(), events.events());
    }

    @Test
    void anEphemeralServiceRefusesPersistentInstancesWithoutAnyChange() {
        connect(A, B);
        registry.publish(A, S1, List.of(instance("10.0.0.1")), ChangeOrigin.client(A));
        ServiceView before = registry.reader().view(S1);
        events.clear();

        RegistryException e = assertThrows(RegistryException.class,
                () -> registry.publish(B, S1, List.of(instance("10.0.0.2", false)), ChangeOrigin.client(B)));
        assertEquals(RegistryException.INVALID_PARAM, e.code());
        assertTrue(e.getMessage().contains("ephemeral service"), e.getMessage());
        assertSame(before, registry.reader().view(S1));
        assertTrue(registry.reader().client(B).orElseThrow().published(S1).isEmpty());
        assertEquals(List.of(), events.events());
    }

    @Test
    void aPersistentServiceRefusesEphemeralInstancesWithoutAnyChange() {
        connect(A, B);
        registry.publish(A, S1, List.of(instance("10.0.0.1", false)), ChangeOrigin.client(A));
        ServiceView before = registry.reader().view(S1);
        events.clear();

        RegistryException e = assertThrows(RegistryException.class,
                () -> registry.publish(B, S1, List.of(instance("10.0.0.2", true)), ChangeOrigin.client(B)));
        assertEquals(RegistryException.INVALID_PARAM, e.code());
        assertTrue(e.getMessage().contains("persistent service"), e.getMessage());
        assertSame(before, registry.reader().view(S1));
        assertEquals(List.of(), events.events());
        // Even the same client cannot switch the kind of its own service.
        assertThrows(RegistryException.class, () -> registry.publish(A, S1, List.of(instance("10.0.0.1", true)), ChangeOrigin.client(A)));
        assertSame(before, registry.reader().view(S1));
    }

    @Test
    void anUnknownClientIsRefusedWith301AndNothingChanges() {
        ClientId stranger = new ClientId("stranger");
        assertUnregistered(() -> registry.publish(stranger, S1, List.of(instance("10.0.0.1")), ChangeOrigin.client(stranger)));
        assertUnregistered(() -> registry.publish(stranger, S1, List.of(), ChangeOrigin.client(stranger)));
        assertUnregistered(() -> registry.withdraw(stranger, S1, ChangeOrigin.client(stranger)));
        assertUnregistered(() -> registry.subscribe(stranger, new Subscription(S1, ""), NO_LIMIT));
        assertUnregistered(() -> registry.unsubscribe(stranger, S1));
        assertEquals(List.of(), events.events());
        assertEquals(0, registry.reader().listServices("public", "G", 1, 10).count(), "no service was created");
        assertEquals(0, registry.reader().stats().serviceCount());
        assertEquals(Set.of(), registry.reader().subscribersOf(S1));
    }

    @Test
    void aDisconnectedClientIsRefusedWith301() {
        connect(A);
        registry.publish(A, S1, List.of(instance("10.0.0.1")), ChangeOrigin.client(A));
        registry.disconnect(A, ChangeOrigin.client(A));
        long revision = registry.reader().view(S1).revision();
        events.clear();

        assertUnregistered(() -> registry.publish(A, S1, List.of(instance("10.0.0.1")), ChangeOrigin.client(A)));
        assertUnregistered(() -> registry.withdraw(A, S1, ChangeOrigin.client(A)));
        assertUnregistered(() -> registry.subscribe(A, new Subscription(S1, ""), NO_LIMIT));
        assertUnregistered(() -> registry.unsubscribe(A, S1));
        assertEquals(List.of(), events.events());
        assertEquals(List.of(), hosts(S1));
        assertEquals(revision, registry.reader().view(S1).revision());
        assertEquals(Set.of(), registry.reader().subscribersOf(S1));
    }

    @Test
    void viewOfAnUnknownServiceIsEmpty() {
        ServiceView view = registry.reader().view(S2);
        assertEquals(S2, view.key());
        assertEquals(List.of(), view.instances());
        assertEquals(Set.of(), registry.reader().clustersOf(S2));
    }

    @Test
    void statsCountServicesInstancesSubscriptionsAndClients() {
        connect(A, B);
        registry.publish(A, S1, List.of(instance("10.0.0.1"), instance("10.0.0.2")), ChangeOrigin.client(A));
        registry.publish(B, S2, List.of(instance("10.0.0.3")), ChangeOrigin.client(B));
        registry.subscribe(A, new Subscription(S1, ""), NO_LIMIT);
        registry.subscribe(B, new Subscription(S1, ""), NO_LIMIT);
        registry.subscribe(B, new Subscription(S2, ""), NO_LIMIT);
        RegistryStats stats = registry.reader().stats();
        assertEquals(2, stats.serviceCount());
        assertEquals(3, stats.instanceCount());
        assertEquals(3, stats.subscriberCount());
        assertEquals(2, stats.clientCount());
        assertEquals(3, stats.healthyInstanceCount());
    }

    @Test
    void statsCountHealthyInstancesAsTheyChangeAndClientsByKind() {
        connect(A);
        registry.connect(B, ClientKind.IP_PORT, "local");
        registry.publish(A, S1, List.of(instance("10.0.0.1"), instance("10.0.0.2").withHealthy(false)),
                ChangeOrigin.client(A));
        registry.publish(B, S2, List.of(instance("10.0.0.3")), ChangeOrigin.client(B));
        assertEquals(2, registry.reader().stats().healthyInstanceCount());

        registry.publish(B, S2, List.of(instance("10.0.0.3").withHealthy(false)), ChangeOrigin.client(B));
        assertEquals(1, registry.reader().stats().healthyInstanceCount());
        registry.publish(A, S1, List.of(), ChangeOrigin.client(A));
        RegistryStats stats = registry.reader().stats();
        assertEquals(0, stats.healthyInstanceCount());
        assertEquals(1, stats.instanceCount());
        assertEquals(1, stats.ipPortClientCount());
        assertEquals(0, stats.persistentClientCount());
        assertEquals(1, registry.reader().countOwned(ClientKind.IP_PORT, "local"));
        assertEquals(0, registry.reader().countOwned(ClientKind.IP_PORT, "elsewhere"));
    }

    @Test
    void theViewOfAnUnknownServiceCarriesTheCurrentTime() {
        long before = System.currentTimeMillis();
        assertTrue(registry.reader().view(S2).changedAtMillis() >= before, "clients drop views older than theirs");
    }

    @Test
    void subscriptionsPerClientStopAtTheLimitAndARefusalChangesNothing() {
        connect(A);
        registry.subscribe(A, new Subscription(S1, ""), 2);
        registry.subscribe(A, new Subscription(S2, ""), 2);
        events.clear();
        RegistryException refused = assertThrows(RegistryException.class,
                () -> registry.subscribe(A, new Subscription(S3, ""), 2));
        assertEquals(RegistryException.OVER_THRESHOLD, refused.code());
        assertEquals("Too many subscriptions on this connection: the limit is 2.", refused.getMessage());
        assertEquals(Set.of(), registry.reader().subscribersOf(S3));
        assertEquals(List.of(), events.events());
        registry.subscribe(A, new Subscription(S2, "DEFAULT"), 2);
        assertEquals("DEFAULT", registry.reader().subscription(A, S2).orElseThrow().clusters(),
                "renewing a subscription at the limit is not a new one");
    }

    @Test
    void retiringNeverTakesALiveServiceOutOfTheListOrTheIndex() throws Exception {
        connect(A, B);
        events.recording = false;
        ServiceKey[] services = {S1, S2, S3};
        int rounds = 20_000;
        java.util.concurrent.atomic.AtomicBoolean publishing = new java.util.concurrent.atomic.AtomicBoolean(true);
        List<String> broken = new CopyOnWriteArrayList<>();
        Thread sweeper = new Thread(() -> {
            while (publishing.get()) {
                registry.retireIdleServices(System.currentTimeMillis(), 0);
            }
        });
        sweeper.start();
        try {
            for (int round = 0; round < rounds && broken.isEmpty(); round++) {
                ServiceKey service = services[round % services.length];
                registry.publish(A, service, List.of(instance("10.0.0.1")), ChangeOrigin.client(A));
                if (registry.reader().view(service).instances().isEmpty()) {
                    broken.add("round " + round + ": " + service + " lost its instance");
                }
                if (!registry.reader().listServices("public", "G", 1, 10).names().contains(service.name())) {
                    broken.add("round " + round + ": " + service + " missing from the service list");
                }
                registry.withdraw(A, service, ChangeOrigin.client(A));
            }
        } finally {
            publishing.set(false);
            sweeper.join(30_000);
        }
        assertEquals(List.of(), broken);
        registry.retireIdleServices(System.currentTimeMillis(), 0);
        registry.retireIdleServices(System.currentTimeMillis(), 0);
        assertEquals(0, registry.reader().listServices("public", "G", 1, 10).count(), "idle ones do retire");
    }

    @Test
    void publishAllAppliesEachOrderAndReturnsTheRefusalsInTheirPlaces() {
        registry.connect(A, ClientKind.CONNECTION, "local");
        List<RuntimeException> refusals = registry.publishAll(List.of(
                new PublishOrder(A, S1, List.of(instance("10.0.0.1")), ChangeOrigin.client(A)),
                new PublishOrder(B, S2, List.of(instance("10.0.0.2")), ChangeOrigin.client(B)),
                new PublishOrder(A, S3, List.of(instance("10.0.0.3")), ChangeOrigin.client(A))));

        assertEquals(3, refusals.size());
        assertEquals(null, refusals.get(0));
        assertEquals(RegistryException.UN_REGISTER, ((RegistryException) refusals.get(1)).code(),
                "B never connected");
        assertEquals(null, refusals.get(2), "a refused order does not stop the ones after it");
        assertEquals(List.of("10.0.0.1"), addresses(registry.reader().view(S1)));
        assertEquals(List.of(), addresses(registry.reader().view(S2)));
        assertEquals(List.of("10.0.0.3"), addresses(registry.reader().view(S3)));
    }

    private static void assertUnregistered(Executable call) {
        RegistryException e = assertThrows(RegistryException.class, call);
        assertEquals(RegistryException.UN_REGISTER, e.code());
        assertEquals("Connection is unregistered.", e.getMessage());
    }
}
